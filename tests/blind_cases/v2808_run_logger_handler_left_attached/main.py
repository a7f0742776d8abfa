"""Small learning-rate sweep; every run gets its own named tracker."""
import torch
import torch.nn as nn

from tracking import RunTracker

SWEEP = {"lr_1e-2": 1e-2, "lr_3e-2": 3e-2, "lr_1e-1": 1e-1}


def make_data(n=80, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 5, generator=g)
    y = (x[:, :2].sum(-1) > 0).long()
    return x, y


def train_run(name, lr, x, y, steps=8):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 2))
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    tracker = RunTracker(name, model)
    for step in range(steps):
        idx = torch.randint(0, len(x), (20,))
        logits = model(x[idx])
        loss = nn.functional.cross_entropy(logits, y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        tracker.log_step(step, loss=loss.item(),
                         acc=(logits.argmax(-1) == y[idx]).float().mean().item())
    return tracker.finish()


def main():
    x, y = make_data()
    for name, lr in SWEEP.items():
        print(train_run(name, lr, x, y))


if __name__ == "__main__":
    main()
