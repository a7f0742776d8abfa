"""Tabular ranking model that is packaged with torch.package for serving."""
import torch
import torch.nn as nn


class RankingMLP(nn.Module):
    def __init__(self, n_features, hidden=32, dropout=0.1):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_features, hidden), nn.ReLU(), nn.Dropout(dropout), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def train_candidate(n_features, hidden, steps=6, seed=0):
    torch.manual_seed(seed)
    model = RankingMLP(n_features, hidden)
    opt = torch.optim.AdamW(model.parameters(), lr=5e-3)
    x = torch.randn(128, n_features)
    y = (x[:, :3].sum(dim=1) > 0).float()
    for _ in range(steps):
        loss = nn.functional.binary_cross_entropy_with_logits(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        acc = ((model(x) > 0).float() == y).float().mean().item()
    return model, {"train_acc": acc, "final_loss": loss.item()}
