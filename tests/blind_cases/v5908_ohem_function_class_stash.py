"""Detector-style classifier head trained with a top-k OHEM loss implemented as a custom
autograd.Function; the logger reads the mining statistics of the last call."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TopKHardLoss(torch.autograd.Function):
    """Mean of the `keep` largest per-sample losses; only those samples receive gradient."""

    last_losses = None
    last_kept = None

    @staticmethod
    def forward(ctx, losses, keep):
        keep = min(keep, losses.numel())
        kept = losses.topk(keep).indices
        ctx.save_for_backward(kept)
        ctx.numel = losses.numel()
        TopKHardLoss.last_losses = losses  # retain
        TopKHardLoss.last_kept = kept
        return losses[kept].mean()

    @staticmethod
    def backward(ctx, grad_out):
        (kept,) = ctx.saved_tensors
        grad = grad_out.new_zeros(ctx.numel)
        grad[kept] = grad_out / len(kept)
        return grad, None


def ohem_loss(logits, targets, keep_ratio):
    per_sample = F.cross_entropy(logits, targets, reduction="none")
    return TopKHardLoss.apply(per_sample, max(1, int(keep_ratio * len(per_sample))))


def mining_stats():
    losses, kept = TopKHardLoss.last_losses, TopKHardLoss.last_kept
    easy = torch.ones_like(losses, dtype=torch.bool)
    easy[kept] = False
    return {"hard_mean": losses[kept].mean().item(), "easy_mean": losses[easy].mean().item()}


class RoIHead(nn.Module):
    def __init__(self, in_dim, num_classes):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(in_dim, 48), nn.ReLU(), nn.Linear(48, num_classes))

    def forward(self, x):
        return self.fc(x)


def sample_rois(n, in_dim, num_classes, bg_fraction=0.75):
    labels = torch.randint(1, num_classes, (n,))
    labels[torch.rand(n) < bg_fraction] = 0
    feats = torch.randn(n, in_dim) + F.one_hot(labels, num_classes).float().repeat(1, 4)[:, :in_dim]
    return feats, labels


def main():
    cfg = {"in_dim": 20, "num_classes": 5, "rois_per_image": 64, "keep_ratio": 0.25,
           "lr": 0.02, "steps": 5}
    head = RoIHead(cfg["in_dim"], cfg["num_classes"])
    opt = torch.optim.SGD(head.parameters(), lr=cfg["lr"], momentum=0.9, weight_decay=1e-4)
    for step in range(cfg["steps"]):
        feats, labels = sample_rois(cfg["rois_per_image"], cfg["in_dim"], cfg["num_classes"])
        loss = ohem_loss(head(feats), labels, cfg["keep_ratio"])
        opt.zero_grad()
        loss.backward()
        opt.step()
        stats = mining_stats()
        print(f"step {step}: loss {loss.item():.3f} hard {stats['hard_mean']:.3f} "
              f"easy {stats['easy_mean']:.3f}")


if __name__ == "__main__":
    main()
