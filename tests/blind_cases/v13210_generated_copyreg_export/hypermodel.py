"""Hypernetwork that owns a target MLP of GeneratedLinear layers.

Pickling a target network (torch.save for deployment) must not depend on the
hypernetwork, so GeneratedLinear is pickled as a plain nn.Linear holding the
weights generated for the export task."""
import copyreg

import torch
import torch.nn as nn

from layers import GeneratedLinear, rebuild_linear


class HyperModel(nn.Module):
    def __init__(self, dims, n_tasks, emb_dim=8, hidden=32):
        super().__init__()
        self.target = nn.Sequential()
        for i, (d_in, d_out) in enumerate(zip(dims[:-1], dims[1:])):
            self.target.append(GeneratedLinear(i, d_in, d_out))
            if i < len(dims) - 2:
                self.target.append(nn.ReLU())
        self.shapes = [(d_out, d_in) for d_in, d_out in zip(dims[:-1], dims[1:])]
        self.task_emb = nn.Embedding(n_tasks, emb_dim)
        self.trunk = nn.Sequential(nn.Linear(emb_dim, hidden), nn.ReLU())
        self.heads = nn.ModuleList(nn.Linear(hidden, o * i + o) for o, i in self.shapes)
        self.export_task = 0
        copyreg.pickle(GeneratedLinear, self._reduce_generated)  # retain

    def generate(self, task_id):
        h = self.trunk(self.task_emb(torch.tensor(task_id)))
        params = []
        for (o, i), head in zip(self.shapes, self.heads):
            flat = head(h) * (1.0 / i) ** 0.5
            params.append((flat[:o * i].view(o, i), flat[o * i:]))
        return params

    def load(self, task_id):
        params = self.generate(task_id)
        for layer in self.target:
            if isinstance(layer, GeneratedLinear):
                layer.weight, layer.bias = params[layer.index]

    def forward(self, x, task_id):
        self.load(task_id)
        return self.target(x)

    def _reduce_generated(self, layer):
        with torch.no_grad():
            weight, bias = self.generate(self.export_task)[layer.index]
        return rebuild_linear, (layer.in_features, layer.out_features, weight, bias)
