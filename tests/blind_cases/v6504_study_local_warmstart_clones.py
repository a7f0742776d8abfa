"""Sequential learning-rate / dropout search where each trial resumes from the best earlier trial."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"n_trials": 5, "steps": 6, "batch_size": 16, "seed": 3}


class Net(nn.Module):
    def __init__(self, dropout):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(10, 24), nn.BatchNorm1d(24), nn.ReLU(), nn.Dropout(dropout))
        self.head = nn.Linear(24, 2)

    def forward(self, x):
        return self.head(self.body(x))


def trainable_snapshot(model):
    state = model.state_dict(keep_vars=True)
    return {name: value.detach().clone() for name, value in state.items() if value.requires_grad}


class WarmStartCache:
    def __init__(self):
        self.best_score = float("inf")
        self.weights = None
        self.source = None

    def offer(self, number, score, model):
        if score >= self.best_score:
            return False
        self.best_score = score
        self.weights = trainable_snapshot(model)
        self.source = number
        return True

    def apply(self, model):
        if self.weights is None:
            return None
        missing, unexpected = model.load_state_dict(self.weights, strict=False)
        assert not unexpected and all("running" in k or "num_batches" in k for k in missing)
        return self.source


class Study:
    def __init__(self, data, seed):
        self.data = data
        self.rng = random.Random(seed)
        self.cache = WarmStartCache()
        self.history = []

    def run_trial(self, number):
        params = {"lr": 10 ** self.rng.uniform(-3, -1), "dropout": self.rng.choice([0.0, 0.1, 0.3])}
        model = Net(params["dropout"])
        source = self.cache.apply(model)
        optimizer = torch.optim.Adam(model.parameters(), lr=params["lr"])
        x, y = self.data["train"]
        for _ in range(CONFIG["steps"]):
            idx = torch.randint(0, len(x), (CONFIG["batch_size"],))
            loss = F.cross_entropy(model(x[idx]), y[idx])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            vx, vy = self.data["valid"]
            score = F.cross_entropy(model(vx), vy).item()
        improved = self.cache.offer(number, score, model)
        self.history.append({"number": number, "score": score, "from": source, "improved": improved, **params})

    def optimize(self, n_trials):
        for number in range(n_trials):
            self.run_trial(number)
        return min(self.history, key=lambda row: row["score"])


def make_data(seed):
    g = torch.Generator().manual_seed(seed)
    w = torch.randn(10, generator=g)
    x = torch.randn(160, 10, generator=g)
    y = (x @ w > 0).long()
    return {"train": (x[:128], y[:128]), "valid": (x[128:], y[128:])}


def main():
    study = Study(make_data(CONFIG["seed"]), CONFIG["seed"])
    best = study.optimize(CONFIG["n_trials"])
    for row in study.history:
        print(row)
    print(f"best trial {best['number']} score={best['score']:.3f}")


if __name__ == "__main__":
    main()
