"""Learning-rate sweep with early stopping raised from inside the model scope."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from layers import SparseGate
from scope import ScopedModelMixin


class StopTraining(Exception):
    pass


class GatedClassifier(ScopedModelMixin, nn.Module):
    scope_name = "gated-mlp"

    def __init__(self, dim=16, classes=3):
        super().__init__()
        self.inp = nn.Linear(8, dim)
        self.gate = SparseGate(dim)
        self.out = nn.Linear(dim, classes)

    def forward(self, x):
        return self.out(self.gate(torch.relu(self.inp(x))))


def fit(lr, max_steps=6, patience=3):
    torch.manual_seed(0)
    model = GatedClassifier()
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    x, y = torch.randn(64, 8), torch.randint(0, 3, (64,))
    best, bad = float("inf"), 0
    with model:
        for step in range(max_steps):
            loss = F.cross_entropy(model(x), y) + model.aux_loss()
            model._aux_losses.clear()
            opt.zero_grad()
            loss.backward()
            opt.step()
            if loss.item() < best - 1e-3:
                best, bad = loss.item(), 0
            else:
                bad += 1
            if bad >= patience or loss.item() > 10.0:
                raise StopTraining(f"step {step}")
    return best


def main():
    results = {}
    for lr in (5.0, 1e-2):
        try:
            results[lr] = fit(lr)
        except StopTraining as stop:
            print(f"lr={lr}: stopped early at {stop}")
            results[lr] = None
    print(results)


if __name__ == "__main__":
    main()
