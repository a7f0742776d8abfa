"""Embedding wrapper around a small torch encoder, and a vector index that defaults to Settings."""
import torch
import torch.nn as nn

from settings import Settings


class CharNgramEncoder(nn.Module):
    def __init__(self, buckets=300, dim=24):
        super().__init__()
        self.buckets = buckets
        self.table = nn.EmbeddingBag(buckets, dim)
        self.mix = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())

    def forward(self, texts):
        ids, offsets = [], []
        for text in texts:
            offsets.append(len(ids))
            t = f"#{text.lower()}#"
            ids.extend(sum(map(ord, t[i:i + 3])) % self.buckets for i in range(len(t) - 2))
        return self.mix(self.table(torch.tensor(ids), torch.tensor(offsets)))


class TorchEmbedding:
    def __init__(self, model, model_name):
        self.model = model
        self.model_name = model_name

    @torch.no_grad()
    def get_text_embedding_batch(self, texts):
        return self.model(texts)


class VectorStoreIndex:
    def __init__(self, chunks, embed_model=None):
        self.embed_model = embed_model or Settings.embed_model
        self.chunks = chunks
        self.vectors = self.embed_model.get_text_embedding_batch(chunks)

    @classmethod
    def from_texts(cls, texts, embed_model=None):
        size = Settings.chunk_size
        chunks = [" ".join(t.split()[i:i + size]) for t in texts for i in range(0, len(t.split()), size)]
        return cls(chunks, embed_model)

    def retrieve(self, query, top_k=None):
        q = self.embed_model.get_text_embedding_batch([query])[0]
        best = (self.vectors @ q).topk(top_k or Settings.similarity_top_k).indices.tolist()
        return [self.chunks[i] for i in best]
