"""Residual MLP stack that offloads block inputs and recomputes the block in backward."""
import torch
import torch.nn as nn
import torch.nn.functional as F

TRAIN_CFG = {
    "dim": 32,
    "depth": 4,
    "offload_blocks": (1, 2, 3),
    "offload_device": "cpu",
    "lr": 3e-3,
    "epochs": 2,
    "steps": 3,
    "batch": 16,
}


class OffloadedRecompute(torch.autograd.Function):
    """Keeps only the block input (on ``offload_device``) and reruns the block in backward."""

    @staticmethod
    def forward(ctx, x, run_fn, offload_device):
        ctx.run_fn = run_fn
        ctx.compute_device = x.device
        ctx.stashed = x.detach().to(offload_device, copy=True)
        with torch.no_grad():
            return run_fn(x)

    @staticmethod
    def backward(ctx, grad_out):
        x = ctx.stashed.to(ctx.compute_device).requires_grad_()
        with torch.enable_grad():
            out = ctx.run_fn(x)
        torch.autograd.backward(out, grad_out)
        return x.grad, None, None


class ResidualBlock(nn.Module):
    def __init__(self, dim, offload=False, offload_device="cpu"):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)
        self.offload = offload
        self.offload_device = offload_device

    def _inner(self, x):
        return self.fc2(F.gelu(self.fc1(self.norm(x))))

    def forward(self, x):
        if self.offload and self.training and torch.is_grad_enabled():
            return x + OffloadedRecompute.apply(x, self._inner, self.offload_device)
        return x + self._inner(x)


class ResidualMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.blocks = nn.ModuleList(
            ResidualBlock(cfg["dim"], i in cfg["offload_blocks"], cfg["offload_device"])
            for i in range(cfg["depth"])
        )
        self.head = nn.Linear(cfg["dim"], 1)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def main():
    torch.manual_seed(0)
    model = ResidualMLP(TRAIN_CFG)
    opt = torch.optim.AdamW(model.parameters(), lr=TRAIN_CFG["lr"])
    for epoch in range(TRAIN_CFG["epochs"]):
        model.train()
        for step in range(TRAIN_CFG["steps"]):
            x = torch.randn(TRAIN_CFG["batch"], TRAIN_CFG["dim"])
            y = x.sum(dim=1, keepdim=True)
            loss = F.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            x = torch.randn(TRAIN_CFG["batch"], TRAIN_CFG["dim"])
            val = F.mse_loss(model(x), x.sum(dim=1, keepdim=True)).item()
        print(f"epoch {epoch}: train {loss.item():.3f} val {val:.3f}")


if __name__ == "__main__":
    main()
