"""Embedding table with pipelined row-wise Adagrad updates.

The dense optimizer steps right after backward; the sparse rows touched by a
batch are updated lazily, at the start of the next lookup, so the update can
overlap with the next batch's input pipeline (as in DLRM-style trainers).
"""
from collections import deque
import functools

import torch
import torch.nn as nn


@torch.no_grad()
def rowwise_adagrad(weight, accum, rows, grad_rows, lr, eps):
    accum.index_add_(0, rows, grad_rows.pow(2).mean(dim=1))
    scale = lr / (accum[rows].sqrt() + eps)
    weight.index_add_(0, rows, -scale.unsqueeze(1) * grad_rows)
    return rows.numel()


class PipelinedEmbeddingTable(nn.Module):
    def __init__(self, num_rows, dim, lr=0.05, eps=1e-8, max_in_flight=2):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(num_rows, dim) * 0.05)
        self.register_buffer("accum", torch.zeros(num_rows))
        self.lr = lr
        self.eps = eps
        self._pending = deque(maxlen=max_in_flight)
        self.updated_rows = 0

    def schedule_update(self, ids):
        if self.weight.grad is None:
            return
        rows = torch.unique(ids)
        grad_rows = self.weight.grad.index_select(0, rows).clone()
        self.weight.grad = None
        self._pending.append(
            functools.partial(rowwise_adagrad, self.weight, self.accum, rows, grad_rows, self.lr, self.eps))

    def drain(self):
        while self._pending:
            self.updated_rows += self._pending.popleft()()

    def forward(self, ids):
        self.drain()
        return nn.functional.embedding(ids, self.weight)
