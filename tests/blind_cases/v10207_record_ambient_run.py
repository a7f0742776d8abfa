"""Step records that attach themselves to the run that is active when they are created."""
import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import List, Optional

import torch
import torch.nn as nn

_ACTIVE_RUN: ContextVar[Optional["Run"]] = ContextVar("active_run", default=None)


@dataclass
class Run:
    name: str
    model: nn.Module
    optimizer: torch.optim.Optimizer
    records: List["StepRecord"] = field(default_factory=list)

    def best(self):
        return min(self.records, key=lambda r: r.loss)


@dataclass
class StepRecord:
    step: int
    loss: float
    lr: float
    grad_norm: float
    run: Optional[Run] = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        if self.run is None:
            self.run = _ACTIVE_RUN.get()  # cycle
        if self.run is not None:
            self.run.records.append(self)  # cycle


@contextlib.contextmanager
def active_run(run):
    token = _ACTIVE_RUN.set(run)
    try:
        yield run
    finally:
        _ACTIVE_RUN.reset(token)


def train_steps(model, optimizer, steps):
    for step in range(steps):
        x = torch.randn(24, 8)
        y = (x[:, 0] > 0).long()
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        optimizer.step()
        StepRecord(step, loss.item(), optimizer.param_groups[0]["lr"], float(norm))


def main():
    summaries = {}
    for lr in (0.1, 0.01):
        model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
        optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        with active_run(Run("sgd_lr%g" % lr, model, optimizer)) as run:
            train_steps(model, optimizer, steps=5)
        best = run.best()
        summaries[run.name] = (best.step, round(best.loss, 4))
    print(summaries)


if __name__ == "__main__":
    main()
