"""Depth / segmentation / edge multi-task training with PCGrad on the shared trunk."""
import torch
import torch.nn.functional as F

from model import MultiTaskNet
from surgery import PCGradSurgeon

TASKS = {
    "depth": {"out": 1, "loss": "l1"},
    "semseg": {"out": 4, "loss": "ce"},
    "edges": {"out": 1, "loss": "bce", "tap": "shallow"},
}
LOSSES = {
    "l1": lambda pred, y: F.l1_loss(pred.squeeze(1), y),
    "ce": F.cross_entropy,
    "bce": lambda pred, y: F.binary_cross_entropy_with_logits(pred.squeeze(1), y),
}


def make_batch(gen, bs=16, in_dim=12):
    x = torch.randn(bs, in_dim, generator=gen)
    targets = {
        "depth": torch.rand(bs, generator=gen),
        "semseg": torch.randint(0, 4, (bs,), generator=gen),
        "edges": (torch.rand(bs, generator=gen) > 0.5).float(),
    }
    return x, targets


def run(seed, steps=4):
    gen = torch.Generator().manual_seed(seed)
    model = MultiTaskNet(12, 32, TASKS)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    surgeon = PCGradSurgeon(model.trunk.parameters(), seed=seed)
    for _ in range(steps):
        x, targets = make_batch(gen)
        outputs = model(x)
        losses = {t: LOSSES[spec["loss"]](outputs[t], targets[t]) for t, spec in TASKS.items()}
        optimizer.zero_grad(set_to_none=True)
        surgeon.backward(losses)
        optimizer.step()
    if surgeon.unused_errors:
        print(f"seed {seed}: tasks with unused shared params: {sorted(surgeon.unused_errors)}")
    return surgeon.n_conflicts


def main():
    for seed in range(2):
        print(f"seed {seed}: {run(seed)} conflicting pairs projected")


if __name__ == "__main__":
    main()
