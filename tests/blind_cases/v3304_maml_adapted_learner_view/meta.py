"""Functional MLP and a second-order MAML learner over explicit parameter lists."""
from dataclasses import dataclass, field
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class FunctionalMLP(nn.Module):
    """MLP whose forward can run on an external list of weights (fast weights)."""

    def __init__(self, sizes=(1, 40, 40, 1)):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:]))

    def forward(self, x, weights=None):
        weights = list(self.parameters()) if weights is None else weights
        for i in range(0, len(weights), 2):
            x = F.linear(x, weights[i], weights[i + 1])
            if i + 2 < len(weights):
                x = F.relu(x)
        return x


@dataclass(eq=False)
class AdaptedModel:
    """Task-specific view: the shared network evaluated with adapted weights."""

    learner: "MAMLLearner"
    weights: List[torch.Tensor]
    support_losses: List[float] = field(default_factory=list)

    def __call__(self, x):
        return self.learner.net(x, self.weights)


class MAMLLearner:
    def __init__(self, net, inner_lr=0.01, inner_steps=2, first_order=False):
        self.net = net
        self.inner_lr = inner_lr
        self.inner_steps = inner_steps
        self.first_order = first_order
        self.latest = None

    def adapt(self, xs, ys):
        weights = list(self.net.parameters())
        view = AdaptedModel(self, weights)  # cycle
        for _ in range(self.inner_steps):
            loss = F.mse_loss(self.net(xs, weights), ys)
            grads = torch.autograd.grad(loss, weights, create_graph=not self.first_order)
            weights = [w - self.inner_lr * g for w, g in zip(weights, grads)]
            view.support_losses.append(loss.item())
        view.weights = weights
        self.latest = view  # cycle
        return view
