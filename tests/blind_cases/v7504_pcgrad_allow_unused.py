"""Multi-task regression with PCGrad surgery on a shared trunk; per-task gradients use retain_graph."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiTaskNet(nn.Module):
    def __init__(self, in_dim, width, tasks):
        super().__init__()
        self.stem = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU())
        self.block = nn.Sequential(nn.Linear(width, width), nn.ReLU())
        self.heads = nn.ModuleDict({name: nn.Linear(width, spec["out"]) for name, spec in tasks.items()})
        self.taps = {name: spec.get("tap", "deep") for name, spec in tasks.items()}

    def forward(self, x):
        shallow = self.stem(x)
        feats = {"shallow": shallow, "deep": self.block(shallow)}
        return {name: head(feats[self.taps[name]]) for name, head in self.heads.items()}

    def shared_parameters(self):
        return list(self.stem.parameters()) + list(self.block.parameters())


class PCGrad:
    def __init__(self, optimizer, shared_params, seed=0):
        self.optimizer = optimizer
        self.shared = list(shared_params)
        self.rng = random.Random(seed)
        self.unused_tasks = set()
        self.cosines = []

    def zero_grad(self):
        self.optimizer.zero_grad(set_to_none=True)

    def step(self):
        self.optimizer.step()

    def _flat_grad(self, task, loss):
        grads = torch.autograd.grad(loss, self.shared, retain_graph=True, allow_unused=True)
        if any(g is None for g in grads):
            self.unused_tasks.add(task)
        return torch.cat([(torch.zeros_like(p) if g is None else g).reshape(-1)
                          for g, p in zip(grads, self.shared)])

    def pc_backward(self, losses):
        tasks = list(losses)
        grads = [self._flat_grad(t, losses[t]) for t in tasks]
        merged = torch.zeros_like(grads[0])
        for i, g_i in enumerate(grads):
            g = g_i.clone()
            order = [j for j in range(len(grads)) if j != i]
            self.rng.shuffle(order)
            for j in order:
                dot = torch.dot(g, grads[j])
                denom = grads[j].norm() * g.norm() + 1e-12
                self.cosines.append((dot / denom).item())
                if dot < 0:
                    g -= dot / grads[j].pow(2).sum().clamp_min(1e-12) * grads[j]
            merged += g
        sum(losses.values()).backward()
        offset = 0
        for p in self.shared:
            p.grad = merged[offset:offset + p.numel()].view_as(p).clone()
            offset += p.numel()


TASKS = {"depth": {"out": 1}, "normals": {"out": 3}, "edges": {"out": 1, "tap": "shallow"}}


class Trainer:
    def __init__(self, seed):
        self.gen = torch.Generator().manual_seed(seed)
        self.model = MultiTaskNet(10, 24, TASKS)
        base = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.pcgrad = PCGrad(base, self.model.shared_parameters(), seed=seed)
        self.last_losses = {}

    def batch(self, bs=16):
        x = torch.randn(bs, 10, generator=self.gen)
        return x, {t: torch.randn(bs, spec["out"], generator=self.gen) for t, spec in TASKS.items()}

    def fit(self, steps):
        for _ in range(steps):
            x, targets = self.batch()
            outputs = self.model(x)
            losses = {t: F.mse_loss(outputs[t], targets[t]) for t in TASKS}
            self.pcgrad.zero_grad()
            self.pcgrad.pc_backward(losses)
            self.pcgrad.step()
            self.last_losses = {t: loss.item() for t, loss in losses.items()}
        return self.last_losses


def main():
    for seed in range(2):
        trainer = Trainer(seed)
        losses = trainer.fit(4)
        print(seed, sorted(trainer.pcgrad.unused_tasks), {t: round(v, 3) for t, v in losses.items()})


if __name__ == "__main__":
    main()
