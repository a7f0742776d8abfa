"""Profiles activations for the first steps of training, then trains without profiling."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from profiler import ActivationProfiler


class SmallTransformerBlock(nn.Module):
    def __init__(self, dim=16, heads=2):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln1 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.ln2 = nn.LayerNorm(dim)

    def forward(self, x):
        a, _ = self.attn(x, x, x, need_weights=False)
        x = self.ln1(x + a)
        return self.ln2(x + self.ff(x))


def train(model, head, steps, profiler=None, profile_steps=2):
    params = list(model.parameters()) + list(head.parameters())
    opt = torch.optim.AdamW(params, lr=1e-3)
    if profiler is not None:
        profiler.start()
    for step in range(steps):
        if profiler is not None and step == profile_steps:
            profiler.stop()
            print(profiler.report())
        x, y = torch.randn(4, 6, 16), torch.randint(0, 2, (4,))
        loss = F.cross_entropy(head(model(x).mean(dim=1)), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    model, head = SmallTransformerBlock(), nn.Linear(16, 2)
    profiler = ActivationProfiler(track_types=(nn.Linear, nn.LayerNorm, nn.GELU))
    final = train(model, head, steps=4, profiler=profiler)
    print(f"final loss {final:.3f}")


if __name__ == "__main__":
    main()
