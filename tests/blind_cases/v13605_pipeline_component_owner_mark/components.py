"""Pipeline components around tiny torch encoders."""
import zlib

import torch
import torch.nn as nn


class HashEmbedder(nn.Module):
    def __init__(self, buckets=256, dim=16):
        super().__init__()
        self.buckets = buckets
        self.bag = nn.EmbeddingBag(buckets, dim)

    def forward(self, texts):
        ids, offsets = [], []
        for text in texts:
            offsets.append(len(ids))
            ids.extend(zlib.crc32(w.encode()) % self.buckets for w in text.lower().split())
        return self.bag(torch.tensor(ids), torch.tensor(offsets))


class TextEmbedder:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def run(self, text):
        return {"embedding": self.model([text])[0]}


class InMemoryEmbeddingRetriever:
    def __init__(self, documents, doc_matrix, top_k):
        self.documents = documents
        self.doc_matrix = doc_matrix
        self.top_k = top_k

    def run(self, query_embedding):
        scores = self.doc_matrix @ query_embedding
        idx = scores.topk(self.top_k).indices.tolist()
        return {"documents": [self.documents[i] for i in idx]}


class CrossEncoderRanker(nn.Module):
    def __init__(self, embedder, dim=16):
        super().__init__()
        self.embedder = embedder
        self.head = nn.Bilinear(dim, dim, 1)

    def score(self, query, docs):
        q = self.embedder([query]).expand(len(docs), -1)
        return self.head(q, self.embedder(docs)).squeeze(-1)

    @torch.no_grad()
    def run(self, query, documents):
        order = self.score(query, documents).argsort(descending=True).tolist()
        return {"documents": [documents[i] for i in order]}
