"""Sequential hyper-parameter runs that journal a snapshot after every epoch for crash recovery."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from journal import JOURNAL, Snapshot


def make_model(width):
    return nn.Sequential(nn.Linear(4, width), nn.ReLU(), nn.Linear(width, 2))


def train_run(name, width, lr, epochs=3):
    model = make_model(width)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    x, y = torch.randn(32, 4), torch.randint(0, 2, (32,))
    for epoch in range(epochs):
        for xb, yb in zip(x.split(8), y.split(8)):
            loss = F.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        acc = (model(x).argmax(-1) == y).float().mean().item()
        JOURNAL.append(Snapshot(name, epoch, model.state_dict(), opt.state_dict(), {"acc": acc}))
    return acc


def resume_check(name, width):
    snap = JOURNAL.latest(name)
    model = make_model(width)
    model.load_state_dict(snap.model_state)
    return snap.epoch


def main():
    torch.manual_seed(0)
    for i, (width, lr) in enumerate([(8, 1e-2), (16, 3e-3)]):
        train_run(f"run{i}", width, lr)
        resume_check(f"run{i}", width)


if __name__ == "__main__":
    main()
