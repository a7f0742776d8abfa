"""Bit-width sweep for quantization-aware training of a small MLP."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from quant import QuantLinear

SWEEP = {"bits": [8, 4], "steps": 5, "batch": 32, "in_dim": 12, "hidden": 24, "classes": 3, "lr": 5e-3}


def build_model(bits, cfg):
    return nn.Sequential(
        QuantLinear(cfg["in_dim"], cfg["hidden"], bits), nn.ReLU(),
        QuantLinear(cfg["hidden"], cfg["hidden"], bits), nn.ReLU(),
        QuantLinear(cfg["hidden"], cfg["classes"], bits),
    )


def run_trial(bits, cfg, data):
    torch.manual_seed(bits)
    model = build_model(bits, cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    x, y = data
    for _ in range(cfg["steps"]):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        acc = (model(x).argmax(-1) == y).float().mean().item()
    return {"bits": bits, "loss": loss.item(), "acc": acc}


def main():
    cfg = SWEEP
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(cfg["batch"], cfg["in_dim"], generator=gen)
    y = (x[:, 0] > 0).long() + (x[:, 1] > 0.5).long()
    results = [run_trial(bits, cfg, (x, y)) for bits in cfg["bits"]]
    for r in results:
        print(f"{r['bits']}-bit: loss={r['loss']:.4f} acc={r['acc']:.2f}")


if __name__ == "__main__":
    main()
