"""Embedding table with pipelined row-wise Adagrad updates.

The dense optimizer steps right after backward; the sparse rows touched by a
batch are updated lazily, at the start of the next lookup, so the update can
overlap with the next batch's input pipeline (as in DLRM-style trainers).
"""
from collections import deque

import torch
import torch.nn as nn


class PipelinedEmbeddingTable(nn.Module):
    def __init__(self, num_rows, dim, lr=0.05, eps=1e-8, max_in_flight=2):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(num_rows, dim) * 0.05)
        self.register_buffer("accum", torch.zeros(num_rows))
        self.lr = lr
        self.eps = eps
        self._pending = deque(maxlen=max_in_flight)  # cycle
        self.applied_updates = 0

    def _apply_rows(self, rows, grad_rows):
        with torch.no_grad():
            self.accum.index_add_(0, rows, grad_rows.pow(2).mean(dim=1))
            scale = self.lr / (self.accum[rows].sqrt() + self.eps)
            self.weight.index_add_(0, rows, -scale.unsqueeze(1) * grad_rows)
        self.applied_updates += 1

    def schedule_update(self, ids):
        if self.weight.grad is None:
            return
        rows = torch.unique(ids)
        grad_rows = self.weight.grad.index_select(0, rows).clone()
        self.weight.grad = None
        self._pending.append(lambda: self._apply_rows(rows, grad_rows))  # cycle

    def drain(self):
        while self._pending:
            self._pending.popleft()()

    def forward(self, ids):
        self.drain()
        return nn.functional.embedding(ids, self.weight)
