"""Deep ensemble trained with negative correlation learning; the ensemble tracks gradient flow into its mean."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"members": 4, "ncl_lambda": 0.5, "epochs": 3, "batches": 3, "batch_size": 32, "lr": 5e-3}


def make_member(hidden=24):
    return nn.Sequential(nn.Linear(4, hidden), nn.ReLU(), nn.Linear(hidden, 1))


class NCLEnsemble(nn.Module):
    """Members share one loss: ensemble and member fit terms minus a lambda-weighted diversity term."""

    def __init__(self, n_members, ncl_lambda):
        super().__init__()
        self.members = nn.ModuleList(make_member() for _ in range(n_members))
        self.ncl_lambda = ncl_lambda
        self.mean_grad_norms = []
        self.last_mean = None

    def _record_mean_grad(self, grad):
        self.mean_grad_norms.append(grad.norm().item())

    def forward(self, x):
        preds = torch.stack([m(x) for m in self.members])  # [M, B, 1]
        mean = preds.mean(0)
        if self.training:
            mean.register_hook(self._record_mean_grad)  # retain
            self.last_mean = mean  # retain
        return preds, mean

    def loss(self, preds, mean, y):
        ensemble_fit = F.mse_loss(mean, y)
        member_fit = F.mse_loss(preds, y.expand_as(preds))
        diversity = (preds - mean).pow(2).mean()
        return ensemble_fit + member_fit - self.ncl_lambda * diversity, diversity


def batches(generator, cfg):
    for _ in range(cfg["batches"]):
        x = torch.randn(cfg["batch_size"], 4, generator=generator)
        y = torch.sin(x[:, :1]) + 0.5 * x[:, 1:2] * x[:, 2:3]
        yield x, y + 0.1 * torch.randn_like(y)


def main():
    cfg = CONFIG
    g = torch.Generator().manual_seed(0)
    ensemble = NCLEnsemble(cfg["members"], cfg["ncl_lambda"])
    opt = torch.optim.Adam(ensemble.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        ensemble.train()
        for x, y in batches(g, cfg):
            preds, mean = ensemble(x)
            loss, diversity = ensemble.loss(preds, mean, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        grad_norm = sum(ensemble.mean_grad_norms[-cfg["batches"]:]) / cfg["batches"]
        mean_std = ensemble.last_mean.detach().std().item()
        print(f"epoch {epoch}: loss {loss.item():.4f} diversity {diversity.item():.4f} "
              f"|dL/dmean| {grad_norm:.4f} std(mean) {mean_std:.3f}")

    ensemble.eval()
    x_test = torch.randn(64, 4, generator=g)
    with torch.no_grad():
        preds, mean = ensemble(x_test)
    spread = preds.std(0).mean().item()
    print(f"predictive spread on test inputs: {spread:.4f}")


if __name__ == "__main__":
    main()
