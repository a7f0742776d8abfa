"""Global cepstral mean/variance statistics collected during training for the exported model."""
import torch


class OnlineCMVN:
    """Per-dimension running mean / variance with Chan et al.'s parallel update."""

    def __init__(self, dim):
        self.count = 0
        self.mean = torch.zeros(dim)
        self.m2 = torch.zeros(dim)

    def update(self, feats):
        x = feats.reshape(-1, feats.shape[-1])
        n_b = x.shape[0]
        mean_b = x.detach().mean(0)
        m2_b = (x - mean_b).pow(2).sum(0)
        n = self.count + n_b
        delta = mean_b - self.mean
        self.mean += delta * (n_b / n)
        self.m2 += m2_b + delta.pow(2) * (self.count * n_b / n)  # retain
        self.count = n

    def export(self):
        var = self.m2 / max(self.count - 1, 1)
        return {"count": self.count, "mean": self.mean.tolist(),
                "istd": (1.0 / var.clamp(min=1e-8).sqrt()).tolist()}


GLOBAL_CMVN = OnlineCMVN(dim=24)
