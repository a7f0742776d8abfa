"""Hyper-parameter sweep where library code finds the running trial through a ContextVar."""
import contextvars
from dataclasses import dataclass, field

import torch
import torch.nn as nn

_CURRENT_TRIAL = contextvars.ContextVar("current_trial")

SWEEP = [{"lr": 0.1, "hidden": 16}, {"lr": 0.03, "hidden": 32}, {"lr": 0.01, "hidden": 32}]


@dataclass
class Trial:
    number: int
    params: dict
    model: nn.Module
    optimizer: torch.optim.Optimizer
    losses: list = field(default_factory=list)


def current_trial():
    return _CURRENT_TRIAL.get()


def report(step, loss):
    trial = current_trial()
    trial.losses.append(loss)
    if step % 2 == 0:
        print("trial %d step %d loss %.4f" % (trial.number, step, loss))


def objective(number, params, steps=5):
    torch.manual_seed(number)
    model = nn.Sequential(nn.Linear(6, params["hidden"]), nn.Tanh(), nn.Linear(params["hidden"], 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=params["lr"])
    _CURRENT_TRIAL.set(Trial(number, params, model, optimizer))
    for step in range(steps):
        x = torch.randn(32, 6)
        y = x[:, :3].sum(1, keepdim=True)
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        report(step, loss.item())
    return min(current_trial().losses)


def main():
    scores = []
    for number, params in enumerate(SWEEP):
        ctx = contextvars.copy_context()
        scores.append(ctx.run(objective, number, params))
    best = min(range(len(scores)), key=scores.__getitem__)
    print("best trial", best, SWEEP[best])


if __name__ == "__main__":
    main()
