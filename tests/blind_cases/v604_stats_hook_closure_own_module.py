"""Collects per-layer activation statistics (mean |a|, fraction of dead units, a/w scale ratio)."""
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F


class LayerStats:
    def __init__(self):
        self.rows = defaultdict(list)

    def record(self, name, **values):
        self.rows[name].append(values)

    def summary(self):
        out = {}
        for name, rows in self.rows.items():
            keys = rows[0].keys()
            out[name] = {k: sum(r[k] for r in rows) / len(rows) for k in keys}
        return out


def make_stat_hook(name, module, stats):
    def hook(_mod, _inputs, output):  # cycle
        with torch.no_grad():
            act = output.detach()
            w_scale = module.weight.detach().abs().mean().item()
            stats.record(
                name,
                act_mean=act.abs().mean().item(),
                dead_frac=(act <= 0).float().mean().item(),
                act_to_weight=act.abs().mean().item() / max(w_scale, 1e-12),
            )
    return hook


def attach_stat_hooks(model, stats, types=(nn.Linear, nn.Conv1d)):
    count = 0
    for name, module in model.named_modules():
        if isinstance(module, types):
            module.register_forward_hook(make_stat_hook(name, module, stats))  # cycle
            count += 1
    return count


class TemporalNet(nn.Module):
    def __init__(self, channels=6, hidden=12, n_classes=3):
        super().__init__()
        self.conv = nn.Conv1d(channels, hidden, kernel_size=3, padding=1)
        self.fc1 = nn.Linear(hidden, hidden)
        self.fc2 = nn.Linear(hidden, n_classes)

    def forward(self, x):
        h = F.relu(self.conv(x)).mean(dim=-1)
        return self.fc2(F.relu(self.fc1(h)))


def main():
    torch.manual_seed(0)
    model = TemporalNet()
    stats = LayerStats()
    n_hooked = attach_stat_hooks(model, stats)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(4):
        x, y = torch.randn(8, 6, 20), torch.randint(0, 3, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"hooked {n_hooked} layers")
    for name, row in stats.summary().items():
        print(name, {k: round(v, 3) for k, v in row.items()})


if __name__ == "__main__":
    main()
