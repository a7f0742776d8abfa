"""Joint fine-tuning of a first-stage autoencoder and a latent diffusion prior."""
import torch
import torch.nn.functional as F

from autoencoder import KLAutoencoder, LatentDenoiser

CFG = {"data_dim": 32, "latent_dim": 4, "hidden": 64, "scale_factor": 0.18215,
       "kl_weight": 1e-4, "diffusion_weight": 1.0, "lr": 2e-4, "steps_per_epoch": 4, "epochs": 2}


def cosine_alpha_sigma(t):
    return torch.cos(t * torch.pi / 2), torch.sin(t * torch.pi / 2)


def training_step(vae, denoiser, x, cfg):
    posterior = vae.encode(x)
    recon = vae.decode(posterior.rsample(), scaled=False)
    rec_loss = F.mse_loss(recon, x)
    kl_loss = posterior.kl().mean()

    z0 = posterior.scaled.rsample()
    t = torch.rand(x.shape[0])
    alpha, sigma = cosine_alpha_sigma(t)
    noise = torch.randn_like(z0)
    z_t = alpha[:, None] * z0 + sigma[:, None] * noise
    diff_loss = F.mse_loss(denoiser(z_t, t), noise)
    total = rec_loss + cfg["kl_weight"] * kl_loss + cfg["diffusion_weight"] * diff_loss
    return total, {"rec": rec_loss.item(), "kl": kl_loss.item(), "diff": diff_loss.item()}


def main():
    torch.manual_seed(0)
    vae = KLAutoencoder(CFG["data_dim"], CFG["latent_dim"], CFG["hidden"], CFG["scale_factor"])
    denoiser = LatentDenoiser(CFG["latent_dim"], CFG["hidden"])
    params = list(vae.parameters()) + list(denoiser.parameters())
    opt = torch.optim.AdamW(params, lr=CFG["lr"])
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
