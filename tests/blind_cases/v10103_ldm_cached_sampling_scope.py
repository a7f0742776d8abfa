"""Latent diffusion module with an EMA sampling scope (ablation run without EMA)."""
import contextlib

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"data_dim": 24, "latent_dim": 6, "hidden": 48, "timesteps": 100,
          "scale_factor": 0.5, "use_ema": False, "ema_decay": 0.999, "lr": 1e-3}


def linear_alphas_cumprod(timesteps, beta_start=1e-4, beta_end=2e-2):
    betas = torch.linspace(beta_start, beta_end, timesteps)
    return torch.cumprod(1.0 - betas, dim=0)


class Denoiser(nn.Module):
    def __init__(self, dim, hidden, timesteps):
        super().__init__()
        self.t_embed = nn.Embedding(timesteps, hidden)
        self.net = nn.Sequential(nn.Linear(dim, hidden), nn.SiLU(), nn.Linear(hidden, dim))

    def forward(self, z, t):
        h = self.net[0](z) + self.t_embed(t)
        return self.net[2](self.net[1](h))


class EMASwap:
    def __init__(self, shadow, target, result):
        self.shadow, self.target, self.result = shadow, target, result
        self.backup = None

    def __enter__(self):
        self.backup = {k: v.clone() for k, v in self.target.state_dict().items()}
        self.target.load_state_dict(self.shadow)
        return self.result

    def __exit__(self, *exc):
        self.target.load_state_dict(self.backup)
        self.backup = None
        return False


class LatentDiffusion(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.encoder = nn.Linear(cfg["data_dim"], cfg["latent_dim"])
        self.decoder = nn.Linear(cfg["latent_dim"], cfg["data_dim"])
        self.unet = Denoiser(cfg["latent_dim"], cfg["hidden"], cfg["timesteps"])
        self.register_buffer("alphas_cumprod", linear_alphas_cumprod(cfg["timesteps"]))
        self.scale_factor = cfg["scale_factor"]
        self.ema_decay = cfg["ema_decay"]
        self.use_ema = cfg["use_ema"]
        if self.use_ema:
            self.ema_state = {k: v.detach().clone() for k, v in self.unet.state_dict().items()}
            self._scope = None
        else:
            self._scope = contextlib.nullcontext(self)  # cycle

    def sampling_scope(self):
        if self.use_ema:
            return EMASwap(self.ema_state, self.unet, self)
        return self._scope

    @torch.no_grad()
    def update_ema(self):
        if self.use_ema:
            for k, v in self.unet.state_dict().items():
                self.ema_state[k].mul_(self.ema_decay).add_(v, alpha=1 - self.ema_decay)

    def training_step(self, x):
        z0 = self.encoder(x).detach() * self.scale_factor
        t = torch.randint(0, len(self.alphas_cumprod), (x.shape[0],))
        a = self.alphas_cumprod[t][:, None]
        noise = torch.randn_like(z0)
        z_t = a.sqrt() * z0 + (1 - a).sqrt() * noise
        return F.mse_loss(self.unet(z_t, t), noise)

    @torch.no_grad()
    def ddim_sample(self, n, steps=10):
        ts = torch.linspace(len(self.alphas_cumprod) - 1, 0, steps).long()
        z = torch.randn(n, self.unet.net[0].in_features)
        for i, t in enumerate(ts):
            a = self.alphas_cumprod[t]
            a_prev = self.alphas_cumprod[ts[i + 1]] if i + 1 < len(ts) else torch.tensor(1.0)
            eps = self.unet(z, t.expand(n))
            z0 = (z - (1 - a).sqrt() * eps) / a.sqrt()
            z = a_prev.sqrt() * z0 + (1 - a_prev).sqrt() * eps
        return self.decoder(z / self.scale_factor)


def main():
    torch.manual_seed(0)
    model = LatentDiffusion(CONFIG)
    opt = torch.optim.AdamW(model.unet.parameters(), lr=CONFIG["lr"])
    data = torch.randn(64, CONFIG["data_dim"])
    for epoch in range(2):
        for x in data.split(16):
            loss = model.training_step(x)
            opt.zero_grad()
            loss.backward()
            opt.step()
            model.update_ema()
        with model.sampling_scope() as sampler:
            preview = sampler.ddim_sample(8)
        print(f"epoch {epoch} loss {loss.item():.4f} preview std {preview.std().item():.3f}")


if __name__ == "__main__":
    main()
