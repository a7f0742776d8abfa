"""Calibration pass that records the input each residual block receives and rescales the block norms."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Tower(nn.Module):
    def __init__(self, in_dim=8, dim=16, depth=3, classes=4):
        super().__init__()
        self.embed = nn.Linear(in_dim, dim)
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.out = nn.Linear(dim, classes)

    def forward(self, x):
        h = self.embed(x)
        for block in self.blocks:
            h = block(h)
        return self.out(h.mean(dim=1))


class BlockInputs:
    """Keeps the most recent positional inputs of every watched block."""

    def __init__(self, blocks):
        self.blocks = list(blocks)
        self.latest = {}
        for block in self.blocks:
            block.register_forward_pre_hook(self.latest.__setitem__)  # cycle

    def rms(self):
        return [self.latest[b][0].pow(2).mean().sqrt().item() for b in self.blocks if b in self.latest]


@torch.no_grad()
def rescale_norms(model, calib_batches, target_rms=1.0):
    watcher = BlockInputs(model.blocks)
    for x in calib_batches:
        model(x)
    for block, rms in zip(watcher.blocks, watcher.rms()):
        block.norm.weight.mul_(target_rms / max(rms, 1e-6) ** 0.5)
    return watcher.rms()


def finetune(model, steps=3, lr=1e-2):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    for _ in range(steps):
        x, y = torch.randn(6, 5, 8), torch.randint(0, 4, (6,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    for trial in range(2):
        model = Tower(depth=2 + trial).eval()
        rescale_norms(model, [torch.randn(4, 5, 8) for _ in range(3)])
        model.train()
        finetune(model)


if __name__ == "__main__":
    main()
