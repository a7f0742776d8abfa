"""Image-to-image pipeline: encode, partially noise, denoise for the last `strength` of the schedule."""
import torch
import torch.nn as nn

from events import BUS, StepEvent


class TinyAutoencoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.SiLU(), nn.Conv2d(8, 4, 1))
        self.decoder = nn.Sequential(nn.Conv2d(4, 8, 1), nn.SiLU(), nn.Upsample(scale_factor=2),
                                     nn.Conv2d(8, 3, 3, padding=1))


class TinyUNet(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.conv_in = nn.Conv2d(4, width, 3, padding=1)
        self.t_proj = nn.Linear(1, width)
        self.conv_out = nn.Conv2d(width, 4, 3, padding=1)

    def forward(self, x, t):
        h = self.conv_in(x) + self.t_proj(t.float().view(1, 1) / 1000)[:, :, None, None]
        return self.conv_out(torch.relu(h))


class Img2ImgPipeline:
    def __init__(self, unet, vae, num_train_timesteps=1000):
        self.unet, self.vae = unet, vae
        self.alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 0.02, num_train_timesteps), dim=0)
        self.num_train_timesteps = num_train_timesteps

    def get_timesteps(self, num_inference_steps, strength):
        all_steps = torch.arange(num_inference_steps).flip(0) * (self.num_train_timesteps // num_inference_steps)
        start = num_inference_steps - int(num_inference_steps * strength)
        return all_steps[start:]

    @torch.no_grad()
    def __call__(self, image, strength=0.6, num_inference_steps=8, topic="step"):
        timesteps = self.get_timesteps(num_inference_steps, strength)
        latents = self.vae.encoder(image)
        a0 = self.alphas_cumprod[timesteps[0]]
        latents = a0.sqrt() * latents + (1 - a0).sqrt() * torch.randn_like(latents)
        for i, t in enumerate(timesteps):
            eps = self.unet(latents, t)
            a_t = self.alphas_cumprod[t]
            a_prev = self.alphas_cumprod[timesteps[i + 1]] if i + 1 < len(timesteps) else torch.tensor(1.0)
            x0 = ((latents - (1 - a_t).sqrt() * eps) / a_t.sqrt()).clamp(-3, 3)
            latents = a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps
            BUS.publish(topic, StepEvent(self, i + 1, len(timesteps), int(t), latents), sticky=True)  # retain
        return self.vae.decoder(latents).clamp(-1, 1)
