"""Beta-VAE on toy data with a KL warm-up; one trainer per cross-validation fold."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from core import TrainerAwareModule
from schedules import build_schedule
from trainer import Trainer


class BetaVAE(TrainerAwareModule):
    def __init__(self, in_dim=16, latent=4, lr=1e-2, kl_schedule=None):
        super().__init__()
        self.hparams = {"in_dim": in_dim, "latent": latent, "lr": lr,
                        "kl_schedule": kl_schedule or {"type": "linear_warmup", "warmup_steps": 6}}
        self.encoder = nn.Sequential(nn.Linear(in_dim, 32), nn.Tanh(), nn.Linear(32, 2 * latent))
        self.decoder = nn.Sequential(nn.Linear(latent, 32), nn.Tanh(), nn.Linear(32, in_dim))
        self.kl_weight = None

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.hparams["lr"])

    def on_fit_start(self):
        self.kl_weight = build_schedule(self.hparams["kl_schedule"], step_getter=self.trainer.get_global_step)  # cycle

    def training_step(self, batch, batch_idx):
        mu, logvar = self.encoder(batch).chunk(2, dim=-1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        recon = F.mse_loss(self.decoder(z), batch)
        kl = -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())
        beta = float(self.kl_weight)
        self.log("train/recon", recon.item())
        self.log("train/beta", beta)
        return recon + beta * kl


def main():
    data = [torch.randn(16, 16) for _ in range(4)]
    for fold in range(3):
        torch.manual_seed(fold)
        model = BetaVAE(kl_schedule={"type": "linear_warmup", "warmup_steps": 5 + fold})
        trainer = Trainer(max_epochs=2)
        trainer.fit(model, data[:fold] + data[fold + 1:])


if __name__ == "__main__":
    main()
