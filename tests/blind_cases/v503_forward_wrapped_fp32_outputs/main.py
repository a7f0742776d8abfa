"""K-fold fine-tuning loop using the accelerator helpers."""
import torch
import torch.nn as nn

from accel import Accelerator


class Classifier(nn.Module):
    def __init__(self, in_dim=12, hidden=24, classes=4):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU())
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.head(self.encoder(x))


def make_fold(seed, n=48):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 12, generator=g)
    y = (x[:, 0] > 0).long() + 2 * (x[:, 1] > 0).long()
    return x, y


def run_fold(accelerator, fold, steps=3):
    x, y = make_fold(fold)
    model = accelerator.prepare_model(Classifier())
    optimizer = accelerator.prepare_optimizer(torch.optim.SGD(model.parameters(), lr=0.1))
    for step in range(steps):
        idx = torch.randint(0, len(x), (16,))
        with accelerator.autocast():
            logits = model(x[idx])
        loss = nn.functional.cross_entropy(logits, y[idx])
        optimizer.zero_grad()
        accelerator.backward(loss)
        optimizer.step()
    with torch.no_grad():
        acc = (model(x).argmax(dim=1) == y).float().mean().item()
    return acc


def main():
    accelerator = Accelerator(mixed_precision="bf16")
    scores = [run_fold(accelerator, fold) for fold in range(3)]
    assert all(0.0 <= s <= 1.0 for s in scores)


if __name__ == "__main__":
    main()
