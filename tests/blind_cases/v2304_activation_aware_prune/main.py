"""Sparsity sweep: train dense, calibrate, prune with activation-aware scores, then fine-tune."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from pruning import LayerwisePruner


def make_mlp(in_dim=20, hidden=48, classes=5):
    return nn.Sequential(
        nn.Linear(in_dim, hidden), nn.ReLU(),
        nn.Linear(hidden, hidden), nn.ReLU(),
        nn.Linear(hidden, classes),
    )


def run_steps(model, opt, steps):
    for _ in range(steps):
        x, y = torch.randn(16, 20), torch.randint(0, 5, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def sweep_point(amount, dense_steps=3, finetune_steps=3):
    model = make_mlp()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    dense_loss = run_steps(model, opt, dense_steps)
    pruner = LayerwisePruner(model, amount=amount)
    pruner.calibrate(torch.randn(32, 20).split(8))
    pruner.prune()
    opt = torch.optim.SGD(model.parameters(), lr=0.02)
    sparse_loss = run_steps(model, opt, finetune_steps)
    return {"amount": amount, "sparsity": pruner.sparsity(), "dense": dense_loss, "sparse": sparse_loss}


def main():
    torch.manual_seed(0)
    results = [sweep_point(a) for a in (0.3, 0.6)]
    assert all(abs(r["sparsity"] - r["amount"]) < 0.05 for r in results)


if __name__ == "__main__":
    main()
