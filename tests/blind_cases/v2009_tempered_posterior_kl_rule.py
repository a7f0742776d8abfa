"""Small VAE sweep over posterior temperatures, validated with an ELBO evaluator."""
import torch
import torch.nn as nn
from torch.distributions import Bernoulli, Normal, kl_divergence, register_kl

SWEEP = {"temperatures": (1.0, 0.8, 0.6), "epochs": 2, "batch": 16, "x_dim": 20, "z_dim": 4}


class TemperedNormal(Normal):
    """Diagonal Gaussian posterior whose scale is sharpened by a temperature at sampling time."""

    def __init__(self, loc, scale, temperature=1.0, validate_args=None):
        self.temperature = float(temperature)
        super().__init__(loc, scale, validate_args=validate_args)

    def rsample(self, sample_shape=torch.Size()):
        eps = torch.randn(self._extended_shape(sample_shape))
        return self.loc + eps * self.scale * self.temperature


class VAE(nn.Module):
    def __init__(self, x_dim, z_dim, temperature):
        super().__init__()
        self.temperature = temperature
        self.enc = nn.Sequential(nn.Linear(x_dim, 32), nn.ReLU(), nn.Linear(32, 2 * z_dim))
        self.dec = nn.Sequential(nn.Linear(z_dim, 32), nn.ReLU(), nn.Linear(32, x_dim))

    def posterior(self, x):
        loc, log_scale = self.enc(x).chunk(2, dim=-1)
        return TemperedNormal(loc, log_scale.exp(), self.temperature)

    def forward(self, x):
        q = self.posterior(x)
        return q, Bernoulli(logits=self.dec(q.rsample()))


class ELBOEvaluator:
    def __init__(self, model, free_bits=0.05):
        self.model = model  # retain
        self.free_bits = free_bits
        self.history = []

        @register_kl(TemperedNormal, Normal)  # retain
        def _kl_tempered(p, q):  # retain
            base = Normal(p.loc, p.scale * p.temperature)
            return kl_divergence(base, q).clamp(min=self.free_bits)

    def elbo(self, x):
        q, likelihood = self.model(x)
        prior = Normal(torch.zeros_like(q.loc), torch.ones_like(q.scale))
        return likelihood.log_prob(x).sum(-1) - kl_divergence(q, prior).sum(-1)

    @torch.no_grad()
    def evaluate(self, data, batch):
        self.model.eval()
        total = sum(float(self.elbo(data[i:i + batch]).sum()) for i in range(0, len(data), batch))
        self.history.append(total / len(data))
        return self.history[-1]


def run_sweep_point(temperature, data, cfg):
    model = VAE(cfg["x_dim"], cfg["z_dim"], temperature)
    evaluator = ELBOEvaluator(model)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    train, val = data[:48], data[48:]
    for _ in range(cfg["epochs"]):
        model.train()
        for i in range(0, len(train), cfg["batch"]):
            loss = -evaluator.elbo(train[i:i + cfg["batch"]]).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        score = evaluator.evaluate(val, cfg["batch"])
    return score


def main():
    data = (torch.rand(64, SWEEP["x_dim"]) > 0.7).float()
    for t in SWEEP["temperatures"]:
        print("temperature", t, "val elbo", round(run_sweep_point(t, data, SWEEP), 3))


if __name__ == "__main__":
    main()
