"""Linear-probe benchmark: several heads on one frozen encoder."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from backbone import ENCODER, FEATURE_DIM
from summary import format_table, probe_summary

HEADS = {
    "linear": lambda: nn.Linear(FEATURE_DIM, 4),
    "mlp": lambda: nn.Sequential(nn.Linear(FEATURE_DIM, 32), nn.ReLU(), nn.Linear(32, 4)),
    "mlp_ln": lambda: nn.Sequential(nn.LayerNorm(FEATURE_DIM), nn.Linear(FEATURE_DIM, 32),
                                    nn.GELU(), nn.Linear(32, 4)),
}


class Probe(nn.Module):
    def __init__(self, encoder, head):
        super().__init__()
        self.encoder = encoder
        self.head = head

    def forward(self, x):
        with torch.no_grad():
            feats = self.encoder(x)
        return self.head(feats)


def batch(gen, n=32):
    x = torch.randn(n, 1, 12, 12, generator=gen)
    y = (x.mean(dim=(1, 2, 3)) * 4).clamp(-1.99, 1.99).add(2).long()
    return x, y


def main():
    gen = torch.Generator().manual_seed(0)
    results = {}
    for name, make_head in HEADS.items():
        torch.manual_seed(0)
        probe = Probe(ENCODER, make_head())
        opt = torch.optim.SGD(probe.head.parameters(), lr=0.1)
        for _ in range(6):
            x, y = batch(gen)
            loss = F.cross_entropy(probe(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            x, y = batch(gen, 128)
            acc = float((probe(x).argmax(-1) == y).float().mean())
        results[name] = (probe_summary(probe), acc)
    print(format_table(results))


if __name__ == "__main__":
    main()
