"""Small supervised tasks used as fitness functions."""
import torch


def regression_task(seed, n=128, d=5):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, d, generator=g)
    w = torch.randn(d, 1, generator=g)
    return x, torch.sin(x @ w)


@torch.no_grad()
def fitness(net, task):
    x, y = task
    return -torch.nn.functional.mse_loss(net(x), y).item()
