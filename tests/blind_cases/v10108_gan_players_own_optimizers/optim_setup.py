"""Optimizer construction and stepping shared by both GAN players."""
import torch


def split_decay(net):
    decay, no_decay = [], []
    for name, p in net.named_parameters():
        if not p.requires_grad:
            continue
        (no_decay if p.ndim < 2 or name.endswith(".bias") else decay).append(p)
    return decay, no_decay


def build_adam(net, cfg):
    decay, no_decay = split_decay(net)
    groups = [
        {"params": decay, "weight_decay": cfg["weight_decay"], "net": net, "tag": "decay"},  # cycle
        {"params": no_decay, "weight_decay": 0.0, "net": net, "tag": "no_decay"},  # cycle
    ]
    return torch.optim.Adam(groups, lr=cfg["lr"], betas=cfg["betas"])


def clip_and_step(optimizer):
    norms = {}
    for group in optimizer.param_groups:
        net = group["net"]
        norm = torch.nn.utils.clip_grad_norm_(group["params"], net.max_grad_norm)
        norms[f"{type(net).__name__}/{group['tag']}"] = float(norm)
    optimizer.step()
    return norms
