"""MAML over a block-structured backbone, with a generic functional forward for fast weights."""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 8, "width": 32, "blocks": 3, "inner_lr": 0.05, "inner_steps": 2,
       "meta_lr": 1e-3, "meta_batch": 3, "shots": 8, "iterations": 4}


def block(width):
    return nn.Sequential(nn.Linear(width, width), nn.LayerNorm(width), nn.ReLU())


class Regressor(nn.Module):
    def __init__(self, in_dim, width, blocks):
        super().__init__()
        self.stem = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU())
        self.body = nn.Sequential(*[block(width) for _ in range(blocks)])
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        return self.head(self.body(self.stem(x)))


def functional_forward(model, x, fast):
    def run(mod, x, prefix):  # cycle
        if isinstance(mod, nn.Linear):
            return F.linear(x, fast[prefix + "weight"], fast[prefix + "bias"])
        if isinstance(mod, nn.LayerNorm):
            return F.layer_norm(x, mod.normalized_shape, fast[prefix + "weight"], fast[prefix + "bias"], mod.eps)
        children = list(mod.named_children())
        if not children:
            return mod(x)
        for name, child in children:
            x = run(child, x, f"{prefix}{name}.")
        return x

    return run(model, x, "")


def inner_adapt(model, x_s, y_s, cfg):
    fast = OrderedDict(model.named_parameters())
    for _ in range(cfg["inner_steps"]):
        loss = F.mse_loss(functional_forward(model, x_s, fast), y_s)
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=True)
        fast = OrderedDict((k, w - cfg["inner_lr"] * g) for (k, w), g in zip(fast.items(), grads))
    return fast


def sample_task(cfg):
    w = torch.randn(cfg["in_dim"], 1)
    x = torch.randn(2 * cfg["shots"], cfg["in_dim"])
    y = torch.tanh(x @ w) + 0.05 * torch.randn(2 * cfg["shots"], 1)
    return (x[: cfg["shots"]], y[: cfg["shots"]]), (x[cfg["shots"]:], y[cfg["shots"]:])


def main():
    torch.manual_seed(0)
    model = Regressor(CFG["in_dim"], CFG["width"], CFG["blocks"])
    meta_opt = torch.optim.Adam(model.parameters(), lr=CFG["meta_lr"])
    for it in range(CFG["iterations"]):
        meta_opt.zero_grad()
        meta_loss = 0.0
        for _ in range(CFG["meta_batch"]):
            (x_s, y_s), (x_q, y_q) = sample_task(CFG)
            fast = inner_adapt(model, x_s, y_s, CFG)
            q_loss = F.mse_loss(functional_forward(model, x_q, fast), y_q) / CFG["meta_batch"]
            q_loss.backward()
            meta_loss += q_loss.item()
        meta_opt.step()
        print(f"iteration {it}: meta loss {meta_loss:.4f}")


if __name__ == "__main__":
    main()
