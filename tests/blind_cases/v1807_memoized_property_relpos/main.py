"""Window-size sweep for a relative-position self-attention classifier."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from nnutils import count_parameters, memoized_property, relative_positions

SWEEP = [{"window": 4, "dim": 16}, {"window": 6, "dim": 16}, {"window": 8, "dim": 24}]


class RelPosAttention(nn.Module):
    def __init__(self, dim, window, heads=2):
        super().__init__()
        self.window, self.heads = window, heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.rel_bias = nn.Parameter(torch.zeros(heads, 2 * window - 1))

    @memoized_property  # retain
    def bias_index(self):
        return relative_positions(self.window) + self.window - 1

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        attn = q @ k.transpose(-1, -2) / (d // self.heads) ** 0.5
        attn = attn + self.rel_bias[:, self.bias_index]
        y = (attn.softmax(-1) @ v).transpose(1, 2).reshape(b, n, d)
        return self.out(y)


class WindowClassifier(nn.Module):
    def __init__(self, dim, window, classes=3):
        super().__init__()
        self.embed = nn.Linear(5, dim)
        self.attn = RelPosAttention(dim, window)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        h = self.embed(x)
        h = h + self.attn(h)
        return self.head(h.mean(1))


def run_trial(cfg, steps=3):
    torch.manual_seed(cfg["window"])
    model = WindowClassifier(cfg["dim"], cfg["window"])
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for _ in range(steps):
        x = torch.randn(4, cfg["window"], 5)
        y = torch.randint(0, 3, (4,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {"params": count_parameters(model), "loss": loss.item()}


def main():
    results = [dict(cfg, **run_trial(cfg)) for cfg in SWEEP]
    best = min(results, key=lambda r: r["loss"])
    print("best window", best["window"], "params", best["params"])


if __name__ == "__main__":
    main()
