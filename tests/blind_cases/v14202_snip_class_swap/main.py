"""Sweep SNIP keep ratios: prune at init from one batch, then train the sparse net briefly."""
import torch
import torch.nn.functional as F

from nets import LeNetTiny
from snip import apply_prune_mask, snip_masks

CONFIG = {"keep_ratios": [0.5, 0.2, 0.05], "steps": 4, "batch_size": 16, "lr": 0.05}


def fake_batch(n):
    return torch.randn(n, 1, 16, 16), torch.randint(0, 10, (n,))


def run(keep_ratio, cfg):
    torch.manual_seed(0)
    net = LeNetTiny()
    inputs, targets = fake_batch(cfg["batch_size"])
    masks = snip_masks(net, keep_ratio, inputs, targets)
    apply_prune_mask(net, masks)
    opt = torch.optim.SGD(net.parameters(), lr=cfg["lr"], momentum=0.9)
    for _ in range(cfg["steps"]):
        x, y = fake_batch(cfg["batch_size"])
        loss = F.nll_loss(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    kept = sum(int(m.sum()) for m in masks)
    total = sum(m.numel() for m in masks)
    return kept / total, loss.item()


def main():
    for ratio in CONFIG["keep_ratios"]:
        density, final_loss = run(ratio, CONFIG)
        print(f"keep={ratio:.2f} density={density:.3f} loss={final_loss:.3f}")


if __name__ == "__main__":
    main()
