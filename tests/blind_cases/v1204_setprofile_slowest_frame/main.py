"""Validation pass with optional call tracing to find the slow batches."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from debugtools import SlowCallTracer


class Validator:
    def __init__(self, model, trace=False):
        self.model = model
        self.tracer = SlowCallTracer({"_eval_step"}) if trace else None  # cycle
        self.losses = []

    def _eval_step(self, x, y):
        logits = self.model(x)
        loss = F.cross_entropy(logits, y)
        self.losses.append(loss.item())
        return (logits.argmax(-1) == y).float().mean().item()

    def _loop(self, batches):
        return [self._eval_step(x, y) for x, y in batches]

    def run(self, batches):
        self.model.eval()
        with torch.no_grad():
            if self.tracer is not None:
                with self.tracer:
                    accs = self._loop(batches)
                print(self.tracer.report())
            else:
                accs = self._loop(batches)
        return sum(accs) / len(accs)


def batches_of(sizes):
    return [(torch.randn(n, 20), torch.randint(0, 5, (n,))) for n in sizes]


def main():
    model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 5))
    data = batches_of([8, 64, 16, 256])
    for epoch in range(2):
        validator = Validator(model, trace=(epoch == 1))
        acc = validator.run(data)
        print(f"epoch {epoch} val acc {acc:.3f} mean loss {sum(validator.losses) / len(validator.losses):.3f}")


if __name__ == "__main__":
    main()
