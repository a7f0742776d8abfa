"""Checkpointed residual MLP trained with a loss scaler that logs its scale history."""
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint

SCALE_HISTORY = []
CFG = {"dim": 16, "depth": 3, "runs": 2, "steps": 3, "init_scale": 256.0}


class ResidualBlock(nn.Module):
    def __init__(self, dim, use_checkpoint=True):
        super().__init__()
        self.use_checkpoint = use_checkpoint
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.SiLU(), nn.Linear(2 * dim, dim))

    def _inner_forward(self, x):
        return x + self.ff(self.norm(x))

    def forward(self, x):
        if self.use_checkpoint and self.training and torch.is_grad_enabled():
            return checkpoint(self._inner_forward, x, use_reentrant=False)
        return self._inner_forward(x)


class SimpleScaler:
    def __init__(self, init_scale):
        self.scale = init_scale

    def scale_loss(self, loss):
        return loss * self.scale

    def step(self, optimizer, params):
        grads = [p.grad for p in params if p.grad is not None]
        found_inf = torch.stack([(~torch.isfinite(g)).any() for g in grads]).any()
        if found_inf.item():
            self.scale /= 2
        else:
            for g in grads:
                g.div_(self.scale)
            optimizer.step()
        SCALE_HISTORY.append((self.scale, bool(found_inf.item())))


def main():
    for run in range(CFG["runs"]):
        torch.manual_seed(run)
        model = nn.Sequential(nn.Linear(8, CFG["dim"]),
                              *[ResidualBlock(CFG["dim"]) for _ in range(CFG["depth"])],
                              nn.Linear(CFG["dim"], 1))
        params = list(model.parameters())
        optimizer = torch.optim.SGD(params, lr=0.01)
        scaler = SimpleScaler(CFG["init_scale"])
        for _ in range(CFG["steps"]):
            x, y = torch.randn(8, 8, requires_grad=True), torch.randn(8, 1)
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad()
            scaler.scale_loss(loss).backward()
            scaler.step(optimizer, params)
        model.eval()
        with torch.no_grad():
            model(torch.randn(4, 8))


if __name__ == "__main__":
    main()
