"""Task-conditioned hypernetwork (von Oswald et al., 2020 style)."""
import torch
import torch.nn as nn

from targets import param_layout


class HyperNetwork(nn.Module):
    def __init__(self, template, n_tasks, emb_dim=8, hidden=32, out_scale=0.2):
        super().__init__()
        self.layout, total = param_layout(template)
        self.task_emb = nn.Embedding(n_tasks, emb_dim)
        self.body = nn.Sequential(
            nn.Linear(emb_dim, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, total),
        )
        self.out_scale = out_scale

    def forward(self, task_id):
        z = self.task_emb(torch.tensor([task_id]))
        return self.body(z).squeeze(0) * self.out_scale

    def embedding_penalty(self):
        return self.task_emb.weight.pow(2).sum(1).mean()
