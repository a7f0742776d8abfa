"""Validation metrics computed by epoch-level reducers registered under a name."""
import torch
import torch.nn as nn
import torch.nn.functional as F

_REDUCERS = {}


def reducer(name):
    def register(fn):
        _REDUCERS[name] = fn  # retain
        return fn

    return register


@reducer("accuracy")
def accuracy(logits, targets):
    return (logits.argmax(-1) == targets).float().mean().item()


@reducer("nll")
def nll(logits, targets):
    return F.cross_entropy(logits, targets).item()


class Evaluator:
    def __init__(self, model, num_bins=10, calibration=True):
        self.model = model
        self.num_bins = num_bins
        if calibration:
            reducer("ece")(self.expected_calibration_error)  # retain

    def expected_calibration_error(self, logits, targets):
        conf, pred = logits.softmax(-1).max(-1)
        edges = torch.linspace(0, 1, self.num_bins + 1)
        ece = 0.0
        for lo, hi in zip(edges[:-1], edges[1:]):
            in_bin = (conf > lo) & (conf <= hi)
            if in_bin.any():
                gap = (pred[in_bin] == targets[in_bin]).float().mean() - conf[in_bin].mean()
                ece += in_bin.float().mean().item() * abs(gap.item())
        return ece

    @torch.no_grad()
    def evaluate(self, batches):
        was_training = self.model.training
        self.model.eval()
        logits = torch.cat([self.model(x) for x, _ in batches])
        targets = torch.cat([y for _, y in batches])
        self.model.train(was_training)
        return {name: fn(logits, targets) for name, fn in _REDUCERS.items()}


def train_and_validate(hidden, epochs=2):
    model = nn.Sequential(nn.Linear(8, hidden), nn.ReLU(), nn.Linear(hidden, 4))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    evaluator = Evaluator(model)
    val = [(torch.randn(20, 8), torch.randint(0, 4, (20,))) for _ in range(2)]
    for _ in range(epochs):
        for _ in range(3):
            x, y = torch.randn(16, 8), torch.randint(0, 4, (16,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        metrics = evaluator.evaluate(val)
    return metrics


def main():
    return {hidden: train_and_validate(hidden) for hidden in (16, 32, 64)}


if __name__ == "__main__":
    main()
