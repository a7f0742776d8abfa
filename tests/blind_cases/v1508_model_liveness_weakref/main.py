"""Architecture search: each candidate is built, trained briefly and discarded."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import liveness

SEARCH_SPACE = {
    "narrow": {"hidden": 16, "depth": 1},
    "wide": {"hidden": 48, "depth": 1},
    "deep": {"hidden": 16, "depth": 3},
}


class Candidate(nn.Module):
    def __init__(self, dim, hidden, depth, classes=4):
        super().__init__()
        layers, width = [], dim
        for _ in range(depth):
            layers += [nn.Linear(width, hidden), nn.ReLU()]
            width = hidden
        self.trunk = nn.Sequential(*layers)
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        return self.head(self.trunk(x))


def build_model(name, dim=10):
    spec = SEARCH_SPACE[name]
    return liveness.track(Candidate(dim, **spec), tag=name)


def score(name, batches):
    model = build_model(name)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for x, y in batches:
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        acc = sum((model(x).argmax(1) == y).float().mean().item() for x, y in batches) / len(batches)
    return acc


def main():
    torch.manual_seed(3)
    batches = [(torch.randn(16, 10), torch.randint(0, 4, (16,))) for _ in range(3)]
    scores = {name: score(name, batches) for name in SEARCH_SPACE}
    best = max(scores, key=scores.get)
    print("best:", best, "still alive:", len(liveness.live_models()), "freed:", liveness.freed_models())


if __name__ == "__main__":
    main()
