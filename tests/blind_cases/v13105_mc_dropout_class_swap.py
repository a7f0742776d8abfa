"""Pool-based active learning with BALD scores from MC dropout; dropout layers are switched by class."""
import contextlib

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "pool_size": 96,
    "initial_labels": 8,
    "rounds": 3,
    "acquire_per_round": 8,
    "mc_samples": 6,
    "train_steps": 5,
    "lr": 1e-2,
}


class MCDropout(nn.Dropout):
    """Dropout that keeps sampling masks when the model is in eval mode."""

    def forward(self, x):
        return F.dropout(x, self.p, training=True, inplace=self.inplace)


@contextlib.contextmanager
def mc_dropout(model):
    swapped = [m for m in model.modules() if type(m) is nn.Dropout]
    for m in swapped:
        m.__class__ = MCDropout
    was_training = model.training
    model.eval()
    try:
        yield model
    finally:
        for m in swapped:
            m.__class__ = nn.Dropout
        model.train(was_training)


class Classifier(nn.Module):
    def __init__(self, in_dim=10, hidden=32, classes=3, p=0.25):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hidden), nn.ReLU(), nn.Dropout(p),
            nn.Linear(hidden, hidden), nn.ReLU(), nn.Dropout(p),
            nn.Linear(hidden, classes))

    def forward(self, x):
        return self.net(x)


def bald_scores(model, x, samples):
    with torch.no_grad(), mc_dropout(model):
        probs = torch.stack([F.softmax(model(x), dim=-1) for _ in range(samples)])
    mean = probs.mean(0)
    predictive_entropy = -(mean * mean.clamp_min(1e-12).log()).sum(-1)
    expected_entropy = -(probs * probs.clamp_min(1e-12).log()).sum(-1).mean(0)
    return predictive_entropy - expected_entropy


def train_on(model, opt, x, y, steps):
    model.train()
    for _ in range(steps):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    cfg = CONFIG
    g = torch.Generator().manual_seed(0)
    pool_x = torch.randn(cfg["pool_size"], 10, generator=g)
    pool_y = (pool_x[:, :2].sum(-1) > 0).long() + (pool_x[:, 2] > 1).long()
    labeled = list(range(cfg["initial_labels"]))

    model = Classifier()
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for rnd in range(cfg["rounds"]):
        loss = train_on(model, opt, pool_x[labeled], pool_y[labeled], cfg["train_steps"])
        taken = set(labeled)
        unlabeled = [i for i in range(cfg["pool_size"]) if i not in taken]
        scores = bald_scores(model, pool_x[unlabeled], cfg["mc_samples"])
        picked = scores.topk(cfg["acquire_per_round"]).indices.tolist()
        labeled.extend(unlabeled[i] for i in picked)
        print(f"round {rnd}: loss {loss:.3f} labeled {len(labeled)} "
              f"max BALD {scores.max().item():.3f}")
    assert all(type(m) is not MCDropout for m in model.modules())


if __name__ == "__main__":
    main()
