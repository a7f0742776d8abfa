"""Activation checkpointing applied per block by patching each block's forward (fairscale style)."""
import functools
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


def _checkpointed_forward(original_forward, weak_self, offload_to_cpu, *args, **kwargs):
    module = weak_self()
    if module is None:
        raise RuntimeError("checkpointed module has been garbage collected")
    if not torch.is_grad_enabled() or not module.training:
        return original_forward(module, *args, **kwargs)
    run = functools.partial(original_forward, module)
    out = checkpoint(run, *args, **kwargs)
    if offload_to_cpu:
        out = out.cpu()
    return out


def checkpoint_wrapper(module, offload_to_cpu=False):
    module.forward = functools.partial(
        _checkpointed_forward, type(module).forward, weakref.ref(module), offload_to_cpu)
    return module


class Block(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(self.norm(x))))


class DeepMLP(nn.Module):
    def __init__(self, in_dim, dim, depth, num_classes, ckpt_every=1):
        super().__init__()
        self.stem = nn.Linear(in_dim, dim)
        blocks = [Block(dim, 4 * dim) for _ in range(depth)]
        self.blocks = nn.Sequential(*[checkpoint_wrapper(b) if i % ckpt_every == 0 else b
                                      for i, b in enumerate(blocks)])
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))


def run(config):
    torch.manual_seed(config["seed"])
    model = DeepMLP(12, config["dim"], config["depth"], 3, config["ckpt_every"])
    opt = torch.optim.AdamW(model.parameters(), lr=config["lr"])
    model.train()
    for _ in range(config["steps"]):
        x, y = torch.randn(16, 12), torch.randint(0, 3, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        acc = (model(torch.randn(32, 12)).argmax(-1) == 0).float().mean().item()
    return loss.item(), acc


def main():
    configs = [
        {"seed": 0, "dim": 16, "depth": 4, "ckpt_every": 1, "lr": 1e-3, "steps": 3},
        {"seed": 1, "dim": 32, "depth": 6, "ckpt_every": 2, "lr": 1e-3, "steps": 3},
    ]
    for cfg in configs:
        loss, acc = run(cfg)
        print(f"dim={cfg['dim']} depth={cfg['depth']}: loss={loss:.3f} acc={acc:.2f}")


if __name__ == "__main__":
    main()
