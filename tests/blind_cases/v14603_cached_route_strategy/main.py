"""Small sweep over router settings (Switch top-1 vs. top-2) on a toy classification task."""
import torch
import torch.nn.functional as F

from moe import MoEClassifier

BASE = {"d_model": 16, "hidden": 32, "num_experts": 4, "jitter": 0.01, "balance_coef": 0.01}
SWEEP = [{"top_k": 1}, {"top_k": 2}]


def make_batch(n=32):
    x = torch.randn(n, 10)
    y = (x[:, :3].sum(-1) > 0).long() + (x[:, 3] > 1).long()
    return x, y


def run(cfg, steps=4):
    torch.manual_seed(0)
    model = MoEClassifier(10, 3, cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for step in range(steps):
        x, y = make_batch()
        logits, balance = model(x)
        loss = F.cross_entropy(logits, y) + cfg["balance_coef"] * balance
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        x, y = make_batch(64)
        logits, _ = model(x)
        return (logits.argmax(-1) == y).float().mean().item()


def main():
    for override in SWEEP:
        cfg = {**BASE, **override}
        acc = run(cfg)
        print(f"top_k={cfg['top_k']} acc={acc:.3f}")


if __name__ == "__main__":
    main()
