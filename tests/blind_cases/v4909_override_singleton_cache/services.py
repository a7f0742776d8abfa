"""Application container, built once at import time."""
import torch
import torch.nn as nn

from providers import Dependency, Factory, Object, Singleton


class Trainer:
    def __init__(self, model, optimizer, loss_fn, grad_accum):
        self.model = model
        self.optimizer = optimizer
        self.loss_fn = loss_fn
        self.grad_accum = grad_accum

    def fit(self, batches, epochs):
        for _ in range(epochs):
            self.optimizer.zero_grad()
            for i, (x, y) in enumerate(batches, 1):
                (self.loss_fn(self.model(x), y) / self.grad_accum).backward()
                if i % self.grad_accum == 0:
                    self.optimizer.step()
                    self.optimizer.zero_grad()

    @torch.no_grad()
    def score(self, batches):
        return sum(self.loss_fn(self.model(x), y).item() for x, y in batches) / len(batches)


def make_optimizer(model, settings):
    return torch.optim.Adam(model.parameters(), lr=settings["lr"], betas=settings["betas"])


class Services:
    settings = Object({"lr": 3e-3, "betas": (0.9, 0.99), "grad_accum": 2})
    model = Dependency()
    optimizer = Factory(make_optimizer, model=model, settings=settings)
    loss_fn = Factory(nn.SmoothL1Loss, beta=0.5)
    trainer = Singleton(Trainer, model=model, optimizer=optimizer, loss_fn=loss_fn, grad_accum=2)
