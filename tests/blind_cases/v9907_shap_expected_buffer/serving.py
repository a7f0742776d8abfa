"""Model server state: the credit model currently deployed in this worker."""
import torch
import torch.nn as nn

FEATURES = ["income", "debt_ratio", "age", "utilisation", "late_90d", "open_lines"]


class CreditScorer(nn.Module):
    def __init__(self, n_features, hidden=24):
        super().__init__()
        self.register_buffer("mean", torch.zeros(n_features))
        self.register_buffer("std", torch.ones(n_features))
        self.body = nn.Sequential(nn.Linear(n_features, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body((x - self.mean) / self.std).squeeze(-1)


def load_deployed(seed=7):
    torch.manual_seed(seed)
    model = CreditScorer(len(FEATURES))
    model.eval()
    return model


SERVED = load_deployed()
