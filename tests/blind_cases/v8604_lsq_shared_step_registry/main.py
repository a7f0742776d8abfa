"""Bit-width sweep for a small QAT MLP trained with LSQ quantizers."""
import torch
import torch.nn.functional as F

from layers import QatNet
from lsq import reset_shared_steps

SWEEP = [{"bits": 8, "lr": 1e-2}, {"bits": 4, "lr": 5e-3}]
COMMON = {"dim": 24, "depth": 2, "classes": 3, "steps": 5}


def build_qat_model(cfg):
    reset_shared_steps()
    return QatNet(COMMON["dim"], COMMON["depth"], COMMON["classes"], cfg["bits"])


def train(model, lr, steps):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for _ in range(steps):
        x, y = torch.randn(32, 16), torch.randint(0, COMMON["classes"], (32,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


@torch.no_grad()
def shared_steps_of(model):
    return {name: float(m.skip_quant.step) for name, m in model.blocks.named_children()}


def main():
    results = []
    for cfg in SWEEP:
        model = build_qat_model(cfg)
        final_loss = train(model, cfg["lr"], COMMON["steps"])
        results.append({"bits": cfg["bits"], "loss": final_loss, "steps": shared_steps_of(model)})
    return results


if __name__ == "__main__":
    main()
