"""Base + refiner generation: the base hands latents to the refiner, the UI shows live previews."""
import torch
import torch.nn as nn

from pipeline import BasePipeline, DDPMScheduler, TinyUNet

RUNS = [{"name": "base_only", "refine": False, "steps": 6}, {"name": "base_refined", "refine": True, "steps": 6}]


def make_vae_decoder():
    return nn.Sequential(nn.Conv2d(4, 8, 3, padding=1), nn.SiLU(), nn.Upsample(scale_factor=2),
                         nn.Conv2d(8, 3, 3, padding=1))


def refine(latents, refiner_unet, scheduler, strength=0.3):
    with torch.no_grad():
        t = int(strength * (scheduler.num_train_timesteps - 1))
        a = scheduler.alphas_cumprod[t]
        noisy = a.sqrt() * latents + (1 - a).sqrt() * torch.randn_like(latents)
        eps = refiner_unet(noisy, torch.full((len(latents),), t), torch.zeros(len(latents), 8))
        return ((noisy - (1 - a).sqrt() * eps) / a.sqrt()).clamp(-1, 1)


def main():
    cond = torch.randn(2, 8)
    summary = []
    for run in RUNS:
        pipe = BasePipeline(TinyUNet().eval(), make_vae_decoder().eval(), DDPMScheduler())
        if run["refine"]:
            out = pipe(cond, run["steps"], preview_every=2, output_type="latent")
            latents = refine(out.images, TinyUNet().eval(), pipe.scheduler)
            images = pipe.vae_decoder(latents).detach()
        else:
            out = pipe(cond, run["steps"], preview_every=2)
            images = out.images
        summary.append((run["name"], tuple(images.shape), len(out.previews)))
    for name, shape, n_previews in summary:
        print(f"{name}: images {shape}, {n_previews} previews")


if __name__ == "__main__":
    main()
