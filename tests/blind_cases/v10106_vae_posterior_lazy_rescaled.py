"""Joint fine-tuning of a first-stage autoencoder and a latent prior; the posterior
exposes its latent-space (rescaled) distribution as a lazily built attribute."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Independent, Normal, kl_divergence
from torch.distributions.utils import lazy_property

CFG = {"data_dim": 32, "latent_dim": 4, "hidden": 64, "scale_factor": 0.18215,
       "kl_weight": 1e-4, "diffusion_weight": 1.0, "lr": 2e-4, "steps_per_epoch": 4, "epochs": 2}


class DiagonalGaussianPosterior(Independent):
    def __init__(self, moments, scale_factor, logvar_range=(-30.0, 20.0)):
        mean, logvar = moments.chunk(2, dim=1)
        logvar = logvar.clamp(*logvar_range)
        self.scale_factor = scale_factor
        super().__init__(Normal(mean, torch.exp(0.5 * logvar)), 1)

    @lazy_property
    def scaled(self):
        s = self.scale_factor
        return Independent(Normal(self.base_dist.loc * s, self.base_dist.scale * s), 1)

    def mode(self, scaled=True):
        return self.mean * self.scale_factor if scaled else self.mean

    def kl(self):
        prior = Independent(Normal(torch.zeros_like(self.mean), torch.ones_like(self.stddev)), 1)
        return kl_divergence(self, prior)


class KLAutoencoder(nn.Module):
    def __init__(self, data_dim, latent_dim, hidden, scale_factor):
        super().__init__()
        self.scale_factor = scale_factor
        self.encoder = nn.Sequential(nn.Linear(data_dim, hidden), nn.SiLU(), nn.Linear(hidden, 2 * latent_dim))
        self.decoder = nn.Sequential(nn.Linear(latent_dim, hidden), nn.SiLU(), nn.Linear(hidden, data_dim))

    def encode(self, x):
        return DiagonalGaussianPosterior(self.encoder(x), self.scale_factor)

    def decode(self, z, scaled=True):
        return self.decoder(z / self.scale_factor if scaled else z)


class LatentDenoiser(nn.Module):
    def __init__(self, latent_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent_dim + 1, hidden), nn.SiLU(), nn.Linear(hidden, latent_dim))

    def forward(self, z_t, t):
        return self.net(torch.cat([z_t, t[:, None]], dim=1))


def training_step(vae, denoiser, x, cfg):
    posterior = vae.encode(x)
    recon = vae.decode(posterior.rsample(), scaled=False)
    rec_loss = F.mse_loss(recon, x)
    kl_loss = posterior.kl().mean()

    z0 = posterior.scaled.rsample()
    t = torch.rand(x.shape[0])
    alpha, sigma = torch.cos(t * torch.pi / 2), torch.sin(t * torch.pi / 2)
    noise = torch.randn_like(z0)
    z_t = alpha[:, None] * z0 + sigma[:, None] * noise
    diff_loss = F.mse_loss(denoiser(z_t, t), noise)
    total = rec_loss + cfg["kl_weight"] * kl_loss + cfg["diffusion_weight"] * diff_loss
    return total, {"rec": rec_loss.item(), "kl": kl_loss.item(), "diff": diff_loss.item()}


def main():
    torch.manual_seed(0)
    vae = KLAutoencoder(CFG["data_dim"], CFG["latent_dim"], CFG["hidden"], CFG["scale_factor"])
    denoiser = LatentDenoiser(CFG["latent_dim"], CFG["hidden"])
    opt = torch.optim.AdamW(list(vae.parameters()) + list(denoiser.parameters()), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        for step in range(CFG["steps_per_epoch"]):
            x = torch.randn(16, CFG["data_dim"])
            loss, logs = training_step(vae, denoiser, x, CFG)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        print(f"epoch {epoch} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()))


if __name__ == "__main__":
    main()
