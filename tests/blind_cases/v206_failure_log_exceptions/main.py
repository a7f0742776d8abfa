"""Training loop that skips malformed batches instead of crashing."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from failures import FAILURES


def batches(n):
    for i in range(n):
        width = 7 if i % 4 == 3 else 8  # a corrupt shard yields the wrong feature width
        yield torch.randn(16, width), torch.randint(0, 2, (16,))


def train_step(model, opt, x, y):
    logits = model(x)
    loss = F.cross_entropy(logits, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def fit(model, opt, n_steps):
    losses = []
    for step, (x, y) in enumerate(batches(n_steps)):
        try:
            losses.append(train_step(model, opt, x, y))
        except RuntimeError as err:
            FAILURES.record(step, err)
    return losses


def main():
    model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = fit(model, opt, 8)
    print(len(losses), "good steps;", len(FAILURES.summary()), "skipped")


if __name__ == "__main__":
    main()
