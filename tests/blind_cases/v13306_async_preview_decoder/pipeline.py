"""Base text-to-image pipeline (DDPM ancestral sampling) with optional live previews."""
from dataclasses import dataclass, field
from typing import List, Optional

import torch
import torch.nn as nn

from preview import AsyncPreviewDecoder


class TinyUNet(nn.Module):
    def __init__(self, channels=4, width=16, cond_dim=8):
        super().__init__()
        self.conv_in = nn.Conv2d(channels, width, 3, padding=1)
        self.cond = nn.Linear(cond_dim + 1, width)
        self.conv_out = nn.Conv2d(width, channels, 3, padding=1)

    def forward(self, x, t, cond):
        c = self.cond(torch.cat([cond, t.float().view(-1, 1) / 1000], dim=1))
        return self.conv_out(torch.relu(self.conv_in(x) + c[:, :, None, None]))


class DDPMScheduler:
    def __init__(self, num_train_timesteps=1000):
        self.alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 0.02, num_train_timesteps), dim=0)
        self.num_train_timesteps = num_train_timesteps

    def set_timesteps(self, n):
        self.timesteps = torch.linspace(self.num_train_timesteps - 1, 0, n).long()

    def step(self, eps, t, sample, prev_t, generator=None):
        a_t = self.alphas_cumprod[t]
        a_prev = self.alphas_cumprod[prev_t] if prev_t >= 0 else torch.tensor(1.0)
        x0 = ((sample - (1 - a_t).sqrt() * eps) / a_t.sqrt()).clamp(-1, 1)
        var = (1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev)
        mean = a_prev.sqrt() * x0 + (1 - a_prev - var).clamp(min=0).sqrt() * eps
        return mean + var.sqrt() * torch.randn(sample.shape, generator=generator)


@dataclass
class PipelineOutput:
    images: torch.Tensor
    previews: List = field(default_factory=list)


class BasePipeline:
    def __init__(self, unet, vae_decoder, scheduler):
        self.unet, self.vae_decoder, self.scheduler = unet, vae_decoder, scheduler

    @torch.no_grad()
    def __call__(self, cond, num_inference_steps=6, preview_every: Optional[int] = None,
                 output_type="image", seed=0):
        generator = torch.Generator().manual_seed(seed)
        self.scheduler.set_timesteps(num_inference_steps)
        timesteps = self.scheduler.timesteps.tolist()
        latents = torch.randn(len(cond), 4, 8, 8, generator=generator)
        preview = AsyncPreviewDecoder(self.vae_decoder) if preview_every else None
        for i, t in enumerate(timesteps):
            eps = self.unet(latents, torch.full((len(cond),), t), cond)
            prev_t = timesteps[i + 1] if i + 1 < len(timesteps) else -1
            latents = self.scheduler.step(eps, t, latents, prev_t, generator)
            if preview is not None and i % preview_every == 0:
                preview.submit(i, latents)
        previews = preview.flush() if preview else []
        if output_type == "latent":
            return PipelineOutput(latents, previews)
        images = self.vae_decoder(latents).clamp(-1, 1)
        return PipelineOutput(images, preview.close() if preview else [])
