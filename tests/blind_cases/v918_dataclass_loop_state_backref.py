"""Fit loop whose mutable state is a dataclass handed to every callback."""
from dataclasses import dataclass, field
from typing import List, Optional

import torch
import torch.nn as nn


@dataclass
class LoopState:
    model: nn.Module
    optimizer: torch.optim.Optimizer
    loop: "FitLoop"
    epoch: int = 0
    global_step: int = 0
    best_metric: float = float("inf")
    metrics: List[float] = field(default_factory=list)


class EarlyStopping:
    def __init__(self, patience=2, min_delta=1e-4):
        self.patience = patience
        self.min_delta = min_delta
        self.bad_epochs = 0

    def __call__(self, state: LoopState):
        current = state.metrics[-1]
        if current < state.best_metric - self.min_delta:
            state.best_metric = current
            self.bad_epochs = 0
        else:
            self.bad_epochs += 1
            if self.bad_epochs >= self.patience:
                state.loop.should_stop = True


class FitLoop:
    def __init__(self, model, optimizer, max_epochs=3, callbacks: Optional[list] = None):
        self.max_epochs = max_epochs
        self.callbacks = callbacks or []
        self.should_stop = False
        self.state = LoopState(  # cycle
            model=model,
            optimizer=optimizer,
            loop=self,  # cycle
        )

    def run_epoch(self, batches):
        st = self.state
        st.model.train()
        total = 0.0
        for x, y in batches:
            loss = nn.functional.smooth_l1_loss(st.model(x), y)
            st.optimizer.zero_grad()
            loss.backward()
            st.optimizer.step()
            st.global_step += 1
            total += loss.item()
        st.metrics.append(total / len(batches))

    def run(self, batches):
        while self.state.epoch < self.max_epochs and not self.should_stop:
            self.run_epoch(batches)
            for cb in self.callbacks:
                cb(self.state)
            self.state.epoch += 1
        return self.state.best_metric


def synthetic_batches(n=3, bs=16):
    out = []
    for _ in range(n):
        x = torch.randn(bs, 6)
        out.append((x, x.pow(2).sum(1, keepdim=True)))
    return out


def main():
    batches = synthetic_batches()
    for width in (16, 32):
        model = nn.Sequential(nn.Linear(6, width), nn.Softplus(), nn.Linear(width, 1))
        opt = torch.optim.Adam(model.parameters(), lr=5e-3)
        loop = FitLoop(model, opt, max_epochs=3, callbacks=[EarlyStopping(patience=1)])
        best = loop.run(batches)
        print(f"width={width} best={best:.4f} steps={loop.state.global_step}")


if __name__ == "__main__":
    main()
