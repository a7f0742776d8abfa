"""Update-to-weight ratio monitor keyed by layer, used during learning-rate sweeps."""
import weakref

import torch
import torch.nn as nn

_SNAPSHOTS = weakref.WeakKeyDictionary()


def take_snapshot(module):
    with torch.no_grad():
        _SNAPSHOTS[module] = {name: p.clone() for name, p in module.named_parameters(recurse=False)}


def update_ratios(model):
    ratios = {}
    with torch.no_grad():
        for mod_name, module in model.named_modules():
            before = _SNAPSHOTS.get(module)
            if before is None:
                continue
            for name, p in module.named_parameters(recurse=False):
                delta = (p - before[name]).norm()
                ratios[f"{mod_name}.{name}"] = float(delta / p.norm().clamp_min(1e-12))
    return ratios


def snapshot_all(model):
    for module in model.modules():
        if isinstance(module, (nn.Linear, nn.Embedding)):
            take_snapshot(module)


class BagOfWords(nn.Module):
    def __init__(self, vocab=40, dim=12, classes=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, classes)

    def forward(self, ids):
        h = self.embed(ids).mean(dim=1)
        return self.out(torch.tanh(self.proj(h)))


def sweep_point(lr, steps=5):
    model = BagOfWords()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    worst = 0.0
    for _ in range(steps):
        ids = torch.randint(0, 40, (16, 7))
        y = ids[:, 0] % 4
        snapshot_all(model)
        loss = nn.functional.cross_entropy(model(ids), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        worst = max(worst, max(update_ratios(model).values()))
    return worst


def main():
    for lr in (0.01, 0.1, 1.0):
        print(f"lr={lr}: max update ratio {sweep_point(lr):.2e}")


if __name__ == "__main__":
    main()
