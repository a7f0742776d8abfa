"""Dense retriever with a bounded LRU cache of query embeddings, refreshed after each tuning epoch."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

PREV, NEXT, KEY, RESULT = 0, 1, 2, 3
CONFIG = {"vocab": 200, "dim": 24, "docs": 40, "cache_size": 16, "top_k": 5, "epochs": 3, "lr": 0.05}


class LRUCache:
    """Bounded cache on a circular doubly linked list (the functools recipe)."""

    def __init__(self, maxsize):
        self.maxsize = maxsize
        self.table = {}
        self.root = []
        self.root[:] = [self.root, self.root, None, None]  # cycle
        self.hits = self.misses = 0

    def get(self, key):
        link = self.table.get(key)
        if link is None:
            self.misses += 1
            return None
        link_prev, link_next, _, result = link
        link_prev[NEXT] = link_next
        link_next[PREV] = link_prev
        last = self.root[PREV]
        last[NEXT] = self.root[PREV] = link
        link[PREV], link[NEXT] = last, self.root
        self.hits += 1
        return result

    def put(self, key, result):
        if len(self.table) >= self.maxsize:
            oldest = self.root[NEXT]
            oldest[NEXT][PREV] = self.root
            self.root[NEXT] = oldest[NEXT]
            del self.table[oldest[KEY]]
        last = self.root[PREV]
        link = [last, self.root, key, result]  # cycle
        last[NEXT] = self.root[PREV] = self.table[key] = link  # cycle


class QueryEncoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, token_ids):
        return self.out(self.emb(token_ids))


class DenseRetriever:
    def __init__(self, encoder, doc_matrix, cache_size):
        self.encoder = encoder
        self.doc_matrix = doc_matrix
        self.cache = LRUCache(cache_size)

    @torch.no_grad()
    def embed_query(self, tokens):
        vec = self.cache.get(tokens)
        if vec is None:
            vec = self.encoder(torch.tensor([tokens]))[0]
            self.cache.put(tokens, vec)
        return vec

    def search(self, tokens, k):
        scores = self.doc_matrix @ self.embed_query(tokens)
        return scores.topk(k).indices.tolist()


def make_queries(rng, n, vocab):
    return [(tuple(rng.randrange(vocab) for _ in range(4)), rng.randrange(CONFIG["docs"])) for _ in range(n)]


def main():
    torch.manual_seed(0)
    rng = random.Random(0)
    encoder = QueryEncoder(CONFIG["vocab"], CONFIG["dim"])
    doc_matrix = torch.randn(CONFIG["docs"], CONFIG["dim"])
    train = make_queries(rng, 32, CONFIG["vocab"])
    opt = torch.optim.SGD(encoder.parameters(), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        for start in range(0, len(train), 8):
            batch = train[start:start + 8]
            q = encoder(torch.tensor([tokens for tokens, _ in batch]))
            loss = F.cross_entropy(q @ doc_matrix.T, torch.tensor([doc for _, doc in batch]))
            opt.zero_grad()
            loss.backward()
            opt.step()
        retriever = DenseRetriever(encoder, doc_matrix, CONFIG["cache_size"])
        hits = 0
        for tokens, doc in train + train[:12]:
            hits += doc in retriever.search(tokens, CONFIG["top_k"])
        c = retriever.cache
        print(f"epoch {epoch}: loss {loss.item():.3f} recall {hits / 44:.2f} cache {c.hits}/{c.hits + c.misses}")


if __name__ == "__main__":
    main()
