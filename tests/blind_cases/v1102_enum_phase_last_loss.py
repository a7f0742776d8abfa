"""Train/validate loop driven by a Phase enum that also carries per-phase logging."""
import enum

import torch
import torch.nn as nn


class Phase(enum.Enum):
    TRAIN = "train"
    VALID = "valid"

    def __init__(self, tag):
        self.history = []

    @property
    def grad_enabled(self):
        return self is Phase.TRAIN

    def record(self, loss):
        """Keep the latest loss for the progress line and its value for the curve."""
        self.latest = loss  # retain
        self.history.append(float(loss))

    def status(self):
        latest = getattr(self, "latest", None)
        return "%s=%.4f" % (self.value, latest) if latest is not None else self.value


def make_batches(n, dim, seed):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(8, dim, generator=g), torch.randn(8, 1, generator=g)) for _ in range(n)]


def run_phase(phase, model, opt, batches):
    model.train(phase.grad_enabled)
    with torch.set_grad_enabled(phase.grad_enabled):
        for x, y in batches:
            loss = nn.functional.mse_loss(model(x), y)
            if phase.grad_enabled:
                opt.zero_grad()
                loss.backward()
                opt.step()
            phase.record(loss)


def main():
    model = nn.Sequential(nn.Linear(6, 24), nn.Tanh(), nn.Linear(24, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    data = {Phase.TRAIN: make_batches(5, 6, 0), Phase.VALID: make_batches(2, 6, 1)}
    for epoch in range(3):
        for phase in Phase:
            run_phase(phase, model, opt, data[phase])
        print("epoch", epoch, " ".join(p.status() for p in Phase))


if __name__ == "__main__":
    main()
