import torch
import torch.nn as nn
import torch.nn.functional as F

from bundle import ServingBundle


class Tower(nn.Module):
    def __init__(self, in_dim, emb):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, emb)
        self.fc2 = nn.Linear(emb, emb)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


class TwoTowerRanker(nn.Module):
    def __init__(self, q_dim=12, d_dim=20, emb=16):
        super().__init__()
        self.query_tower = Tower(q_dim, emb)
        self.doc_tower = Tower(d_dim, emb)
        self.version = "dev"
        self._bundle = None

    def forward(self, query, docs):
        q = F.normalize(self.query_tower(query), dim=-1)
        d = F.normalize(self.doc_tower(docs), dim=-1)
        return q @ d.t()

    def serving_bundle(self):
        if self._bundle is None:
            scripted = torch.jit.script(self)  # cycle
            spec = {"query": [-1, 12], "docs": [-1, 20]}
            self._bundle = ServingBundle(scripted=scripted, version=self.version, input_spec=spec)  # cycle
        return self._bundle
