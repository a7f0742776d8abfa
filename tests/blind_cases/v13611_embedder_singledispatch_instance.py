"""Embedding front-end that accepts a query string, a list of strings or parsed chunks."""
import functools
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"buckets": 257, "dim": 24, "epochs": 3, "lr": 0.05, "temperature": 0.1, "batch_size": 4}


@dataclass
class Chunk:
    text: str
    title: str = ""
    metadata: dict = field(default_factory=dict)


class TrigramEncoder(nn.Module):
    def __init__(self, buckets, dim):
        super().__init__()
        self.buckets = buckets
        self.bag = nn.EmbeddingBag(buckets, dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, texts):
        ids, offsets = [], []
        for text in texts:
            offsets.append(len(ids))
            t = f"<{text.lower()}>"
            ids.extend(int.from_bytes(t[i:i + 3].encode(), "little") % self.buckets for i in range(len(t) - 2))
        return self.proj(self.bag(torch.tensor(ids), torch.tensor(offsets)))


class Embedder:
    def __init__(self, encoder, batch_size=4, title_weight=0.3):
        self.encoder = encoder
        self.batch_size = batch_size
        self.title_weight = title_weight
        self.embed = functools.singledispatch(self._embed_text)  # cycle
        self.embed.register(list, self._embed_many)  # cycle
        self.embed.register(Chunk, self._embed_chunk)  # cycle

    def _embed_text(self, text):
        return self._embed_many([text])[0]

    def _embed_many(self, items):
        if items and isinstance(items[0], Chunk):
            return torch.stack([self._embed_chunk(c) for c in items])
        out = [self.encoder(items[i:i + self.batch_size]) for i in range(0, len(items), self.batch_size)]
        return F.normalize(torch.cat(out), dim=-1)

    def _embed_chunk(self, chunk):
        body = self._embed_text(chunk.text)
        if not chunk.title:
            return body
        return F.normalize(body + self.title_weight * self._embed_text(chunk.title), dim=-1)


CHUNKS = [Chunk("ivf lists partition the vector space", "faiss"), Chunk("hnsw layers link nearby vectors", "hnsw"),
          Chunk("bm25 saturates term frequency", "bm25"), Chunk("cross encoders score query passage pairs", "rerank"),
          Chunk("pq codes compress residual vectors", "faiss"), Chunk("query rewriting adds synonyms", "rewrite")]
QUERIES = ["partition vectors into lists", "graph of nearby vectors", "term frequency saturation",
           "score pairs jointly", "compressed codes", "add synonyms to the query"]


def main():
    torch.manual_seed(0)
    encoder = TrigramEncoder(CONFIG["buckets"], CONFIG["dim"])
    opt = torch.optim.Adam(encoder.parameters(), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        embedder = Embedder(encoder, batch_size=CONFIG["batch_size"])
        q = embedder.embed(QUERIES)
        p = embedder.embed(CHUNKS)
        loss = F.cross_entropy(q @ p.T / CONFIG["temperature"], torch.arange(len(QUERIES)))
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            index = embedder.embed(CHUNKS)
            hits = sum(int((index @ embedder.embed(query)).argmax()) == i for i, query in enumerate(QUERIES))
        print(f"epoch {epoch}: loss {loss.item():.3f} top1 {hits}/{len(QUERIES)}")


if __name__ == "__main__":
    main()
