"""Data-parallel style training loop whose gradient all-reduce occasionally times out."""
import torch
import torch.nn as nn

from capture import collecting_warnings, warning_counts
from retrying import RetryWarning, retry


class LoopbackGroup:
    """Single-process stand-in for a process group; some calls time out like a real collective."""

    def __init__(self, fail_on=(2, 5)):
        self.calls = 0
        self.fail_on = set(fail_on)

    def all_reduce(self, tensors):
        self.calls += 1
        if self.calls in self.fail_on:
            raise RuntimeError(f"all_reduce timed out after 1800000ms (call {self.calls})")
        return tensors


class Trainer:
    def __init__(self, model, group, lr=0.05):
        self.model = model
        self.group = group
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.losses = []

    @retry(times=3, exceptions=(RuntimeError,))
    def train_step(self, inputs, targets):
        self.optimizer.zero_grad()
        logits = self.model(inputs)
        loss = nn.functional.cross_entropy(logits, targets)
        loss.backward()
        self.group.all_reduce([p.grad for p in self.model.parameters()])
        self.optimizer.step()
        return loss.item()

    def fit(self, batches):
        for inputs, targets in batches:
            self.losses.append(self.train_step(inputs, targets))
        return self.losses


def main():
    torch.manual_seed(0)
    batches = [(torch.randn(16, 20), torch.randint(0, 4, (16,))) for _ in range(6)]
    trainer = Trainer(nn.Sequential(nn.Linear(20, 32), nn.GELU(), nn.Linear(32, 4)), LoopbackGroup())
    with collecting_warnings(RetryWarning):
        losses = trainer.fit(batches)
    print(f"{len(losses)} steps, last loss {losses[-1]:.3f}, warnings: {dict(warning_counts())}")


if __name__ == "__main__":
    main()
