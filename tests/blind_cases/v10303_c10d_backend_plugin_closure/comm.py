"""Collective helpers used by the training step."""
import torch
import torch.distributed as dist


def average_gradients(model):
    world = dist.get_world_size()
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    if not grads:
        return
    flat = torch.cat([g.reshape(-1) for g in grads])
    dist.all_reduce(flat)
    flat.div_(world)
    offset = 0
    for g in grads:
        n = g.numel()
        g.copy_(flat[offset:offset + n].view_as(g))
        offset += n


def global_mean(value):
    t = torch.tensor([float(value)])
    dist.all_reduce(t)
    return t.item() / dist.get_world_size()
