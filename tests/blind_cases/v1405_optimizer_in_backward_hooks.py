"""Memory-lean fine-tuning: every parameter is updated by its own optimizer during backward."""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

OPTIM_REGISTRY = {"adamw": torch.optim.AdamW, "sgd": torch.optim.SGD}


def make_optimizers(model, name, **kwargs):
    optim_cls = OPTIM_REGISTRY[name]
    return OrderedDict((n, optim_cls([p], **kwargs)) for n, p in model.named_parameters())  # cycle


def apply_optimizer_in_backward(model, optimizers, max_norm=None):
    """Step each parameter's optimizer as soon as its gradient is available."""
    handles = []
    for name, param in model.named_parameters():
        def _step_now(grad, name=name):  # cycle
            opt = optimizers[name]
            target = opt.param_groups[0]["params"][0]
            if max_norm is not None:
                norm = grad.norm()
                if norm > max_norm:
                    grad = grad * (max_norm / (norm + 1e-6))
            target.grad = grad
            opt.step()
            target.grad = None
            return grad

        handles.append(param.register_hook(_step_now))  # cycle
    return handles


class Regressor(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(10, dim), nn.SiLU(), nn.Linear(dim, dim), nn.SiLU())
        self.head = nn.Linear(dim, 1)

    def forward(self, x):
        return self.head(self.body(x)).squeeze(-1)


def fit(config):
    torch.manual_seed(config["seed"])
    model = Regressor(config["dim"])
    optimizers = make_optimizers(model, config["optim"], lr=config["lr"])
    apply_optimizer_in_backward(model, optimizers, max_norm=config.get("max_norm"))
    losses = []
    for step in range(config["steps"]):
        x = torch.randn(32, 10)
        y = x[:, :3].sum(dim=1)
        loss = F.mse_loss(model(x), y)
        loss.backward()
        for p in model.parameters():
            p.grad = None
        losses.append(loss.item())
    return losses


def main():
    configs = [
        {"seed": 0, "dim": 16, "optim": "adamw", "lr": 1e-2, "steps": 4},
        {"seed": 1, "dim": 32, "optim": "sgd", "lr": 5e-2, "steps": 4, "max_norm": 1.0},
    ]
    for cfg in configs:
        print(cfg["optim"], [round(l, 3) for l in fit(cfg)])


if __name__ == "__main__":
    main()
