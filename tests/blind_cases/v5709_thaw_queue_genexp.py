"""ULMFiT-style gradual unfreezing: one more encoder block is thawed at every epoch."""
import itertools
import operator

import torch
import torch.nn as nn

CFG = {"dim": 16, "blocks": 4, "classes": 3, "epochs": 3, "steps": 3, "batch": 12, "lr": 5e-3}


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class GraduallyUnfrozenClassifier(nn.Module):
    def __init__(self, dim, n_blocks, n_classes):
        super().__init__()
        self.blocks = nn.ModuleList(Block(dim) for _ in range(n_blocks))
        self.head = nn.Linear(dim, n_classes)
        self.blocks.requires_grad_(False)
        self._thaw_queue = (blk for blk in reversed(self.blocks))
        self._lr_factors = itertools.accumulate(itertools.repeat(0.5), operator.mul, initial=1.0)
        self.thawed = 0

    def thaw_next(self):
        blk = next(self._thaw_queue, None)
        if blk is None:
            return None
        blk.requires_grad_(True)
        self.thawed += 1
        return {"params": list(blk.parameters()), "lr_scale": next(self._lr_factors)}

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.head(x.mean(1))


def main():
    torch.manual_seed(0)
    model = GraduallyUnfrozenClassifier(CFG["dim"], CFG["blocks"], CFG["classes"])
    opt = torch.optim.Adam(model.head.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        group = model.thaw_next()
        if group is not None:
            scale = group.pop("lr_scale")
            opt.add_param_group({"params": group["params"], "lr": CFG["lr"] * scale})
        for _ in range(CFG["steps"]):
            x = torch.randn(CFG["batch"], 5, CFG["dim"])
            y = torch.randint(0, CFG["classes"], (CFG["batch"],))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
        print(f"epoch {epoch}: thawed {model.thawed} blocks, {trainable} trainable, loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
