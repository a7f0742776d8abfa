"""Gradient-checkpointed adapter blocks with an activation-norm monitor on their inner layers."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

CONFIG = {"dim": 32, "depth": 3, "bottleneck": 8, "steps": 3, "checkpoint": True}


def _remember_output(module, inputs, output):
    module.last_output = output


class AdapterBlock(nn.Module):
    def __init__(self, dim, bottleneck, use_checkpoint):
        super().__init__()
        self.attn_like = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.down = nn.Linear(dim, bottleneck)
        self.up = nn.Linear(bottleneck, dim)
        self.use_checkpoint = use_checkpoint
        for layer in (self.down, self.up):
            layer.register_forward_hook(_remember_output)

    def _inner(self, x):
        h = x + torch.tanh(self.attn_like(self.norm(x)))
        return h + self.up(F.relu(self.down(h)))

    def forward(self, x):
        if self.use_checkpoint and self.training and x.requires_grad:
            return checkpoint(self._inner, x)
        return self._inner(x)


class AdapterStack(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stem = nn.Linear(12, cfg["dim"])
        self.blocks = nn.ModuleList(
            AdapterBlock(cfg["dim"], cfg["bottleneck"], cfg["checkpoint"]) for _ in range(cfg["depth"])
        )
        self.head = nn.Linear(cfg["dim"], 1)

    def forward(self, x):
        h = self.stem(x)
        for block in self.blocks:
            h = block(h)
        return self.head(h).squeeze(-1)


def activation_norms(model):
    return {f"blocks.{i}.up": b.up.last_output.detach().norm().item()
            for i, b in enumerate(model.blocks) if hasattr(b.up, "last_output")}


def main():
    torch.manual_seed(0)
    model = AdapterStack(CONFIG)
    for name, p in model.named_parameters():
        p.requires_grad_(not name.endswith(("attn_like.weight", "attn_like.bias")))
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.02)
    for step in range(CONFIG["steps"]):
        x, y = torch.randn(10, 12), torch.randn(10)
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        norms = activation_norms(model)
        print(f"step {step}: loss={loss.item():.3f} up-norms={[round(v, 2) for v in norms.values()]}")


if __name__ == "__main__":
    main()
