"""Sentence-window retrieval with a per-epoch docstore: re-ingest, tune the encoder, evaluate hit rate."""
import re
import zlib

import torch
import torch.nn as nn
import torch.nn.functional as F

from nodes import DocStore, Document, SentenceWindowNodeParser

CORPUS = {
    "faiss": "FAISS builds inverted file indexes. Each list holds residual codes. Probing more lists raises recall.",
    "bm25": "BM25 scores terms by saturated frequency. Document length is normalised. It needs no training.",
    "rerank": "Cross encoders rerank a short list. They read query and passage together. They are slow.",
}
QUERIES = [("how many inverted lists should be probed", "faiss"),
           ("term frequency saturation and length normalisation", "bm25"),
           ("read query and passage jointly to rerank", "rerank")]
CONFIG = {"window_size": 1, "top_k": 2, "lr": 0.05, "steps": 4, "temperature": 0.1, "epochs": 3}


class BagEncoder(nn.Module):
    def __init__(self, buckets=512, dim=32):
        super().__init__()
        self.buckets = buckets
        self.bag = nn.EmbeddingBag(buckets, dim, mode="mean")
        self.proj = nn.Linear(dim, dim)

    def forward(self, texts):
        ids, offsets = [], []
        for text in texts:
            offsets.append(len(ids))
            ids.extend(zlib.crc32(t.encode()) % self.buckets for t in re.findall(r"[a-z0-9]+", text.lower()))
        h = self.proj(self.bag(torch.tensor(ids), torch.tensor(offsets)))
        return h / h.norm(dim=-1, keepdim=True).clamp_min(1e-6)


class VectorIndex:
    @torch.no_grad()
    def __init__(self, encoder, nodes):
        self.encoder = encoder
        self.nodes = list(nodes)
        for node, vec in zip(self.nodes, encoder([n.metadata["window"] for n in self.nodes])):
            node.embedding = vec
        self.matrix = torch.stack([n.embedding for n in self.nodes])

    @torch.no_grad()
    def retrieve(self, query, top_k):
        best = (self.matrix @ self.encoder([query])[0]).topk(min(top_k, len(self.nodes)))
        return [(self.nodes[i], s) for s, i in zip(best.values.tolist(), best.indices.tolist())]


def tune_encoder(encoder, nodes, cfg):
    opt = torch.optim.Adam(encoder.parameters(), lr=cfg["lr"])
    first = {node.metadata["title"]: node for node in reversed(nodes)}
    passages = [first[title].metadata["window"] for _, title in QUERIES]
    for _ in range(cfg["steps"]):
        q, p = encoder([question for question, _ in QUERIES]), encoder(passages)
        loss = F.cross_entropy(q @ p.T / cfg["temperature"], torch.arange(len(QUERIES)))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    encoder = BagEncoder()
    for epoch in range(CONFIG["epochs"]):
        parser = SentenceWindowNodeParser(DocStore(), window_size=CONFIG["window_size"])
        documents = [Document(text, metadata={"title": title, "epoch": epoch}) for title, text in CORPUS.items()]
        nodes = parser.get_nodes_from_documents(documents)
        loss = tune_encoder(encoder, nodes, CONFIG)
        index = VectorIndex(encoder, nodes)
        hits = sum(any(node.metadata["title"] == title for node, _ in index.retrieve(question, CONFIG["top_k"]))
                   for question, title in QUERIES)
        print(f"epoch {epoch}: loss {loss:.3f} hit@{CONFIG['top_k']} {hits}/{len(QUERIES)}")


if __name__ == "__main__":
    main()
