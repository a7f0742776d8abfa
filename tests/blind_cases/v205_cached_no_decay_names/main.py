"""Learning-rate sweep: a fresh model and AdamW optimiser per trial."""
import torch
import torch.nn as nn

from optim_utils import decayed_norm, param_groups


def make_model():
    return nn.Sequential(nn.Linear(10, 32), nn.LayerNorm(32), nn.GELU(), nn.Linear(32, 1))


def trial(lr):
    torch.manual_seed(0)
    model = make_model()
    opt = torch.optim.AdamW(param_groups(model, weight_decay=0.05), lr=lr)
    for step in range(4):
        x = torch.randn(32, 10)
        loss = (model(x).squeeze(-1) - x[:, :3].sum(-1)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), decayed_norm(model)


def main():
    results = {lr: trial(lr) for lr in (1e-3, 3e-3, 1e-2)}
    best = min(results, key=lambda k: results[k][0])
    print("best lr", best)


if __name__ == "__main__":
    main()
