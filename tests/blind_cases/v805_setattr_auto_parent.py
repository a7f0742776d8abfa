"""Encoder built from blocks that know their qualified name for logging and freezing."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class NamedModule(nn.Module):
    """nn.Module that records where each child module was attached."""

    def __setattr__(self, name, value):
        if isinstance(value, NamedModule):
            value.__dict__["_owner"] = self  # cycle
            value.__dict__["_slot"] = name
        super().__setattr__(name, value)  # cycle

    def qualified_name(self):
        owner = self.__dict__.get("_owner")
        if owner is None:
            return type(self).__name__.lower()
        return owner.qualified_name() + "." + self.__dict__["_slot"]

    def freeze(self):
        for p in self.parameters():
            p.requires_grad_(False)
        return self


class FeedForward(NamedModule):
    def __init__(self, dim, mult=2):
        super().__init__()
        self.inner = nn.Linear(dim, dim * mult)
        self.outer = nn.Linear(dim * mult, dim)

    def forward(self, x):
        return self.outer(F.gelu(self.inner(x)))


class Block(NamedModule):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = FeedForward(dim)

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Encoder(NamedModule):
    def __init__(self, dim, depth):
        super().__init__()
        self.stem = nn.Linear(8, dim)
        for i in range(depth):
            setattr(self, "block%d" % i, Block(dim))
        self.head = nn.Linear(dim, 2)

    def blocks(self):
        return [m for m in self.children() if isinstance(m, Block)]

    def forward(self, x):
        h = self.stem(x)
        for blk in self.blocks():
            h = blk(h)
        return self.head(h.mean(1))


def run(depth, freeze_first):
    model = Encoder(16, depth)
    frozen = []
    for blk in model.blocks()[:freeze_first]:
        frozen.append(blk.freeze().qualified_name())
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.SGD(params, lr=0.05)
    for _ in range(3):
        x = torch.randn(4, 5, 8)
        y = torch.randint(0, 2, (4,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return frozen, loss.item()


def main():
    for depth, k in ((2, 1), (3, 2)):
        frozen, loss = run(depth, k)
        print("frozen:", frozen, "loss %.3f" % loss)


if __name__ == "__main__":
    main()
