"""Dilated conv tagger whose topology comes from a list of (name, kind, kwargs) specs."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from layers import BUILDERS, MergeNode

ARCH = [
    ("stem", "conv", dict(c_in=8, c_out=16)),
    ("ctx1", "conv", dict(c_in=16, c_out=16, dilation=2)),
    ("ctx2", "conv", dict(c_in=16, c_out=16, dilation=4)),
    ("fuse2", "merge", dict(sources=["ctx1"], c_total=32, c_out=16)),
    ("fuse1", "merge", dict(sources=["stem", "ctx1"], c_total=48, c_out=16)),
    ("head", "conv", dict(c_in=16, c_out=5, k=1)),
]

CONFIG = {"runs": 3, "steps": 4, "lr": 3e-3, "batch": 6, "length": 32}


class GraphNet(nn.Module):
    def __init__(self, arch):
        super().__init__()
        self.nodes = nn.ModuleDict()
        for name, kind, kwargs in arch:
            self.nodes[name] = BUILDERS[kind](**kwargs)  # cycle
        for node in self.nodes.values():
            if isinstance(node, MergeNode):
                node.attach(self.nodes._modules)

    def forward(self, x):
        for node in self.nodes.values():
            x = node.run(x)
        return x


def make_batch(cfg):
    x = torch.randn(cfg["batch"], 8, cfg["length"])
    y = torch.randint(0, 5, (cfg["batch"], cfg["length"]))
    return x, y


def train_once(seed, cfg):
    torch.manual_seed(seed)
    model = GraphNet(ARCH)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        x, y = make_batch(cfg)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    losses = [train_once(seed, CONFIG) for seed in range(CONFIG["runs"])]
    print("final losses:", ", ".join("%.3f" % l for l in losses))


if __name__ == "__main__":
    main()
