"""Nightly sample grid: each checkpoint is sampled with CFG truncation and decoded previews."""
import torch
import torch.nn as nn

from callbacks import CFGCutoffCallback, DecodedPreviewCallback
from pipeline import CFGPipeline


class TinyUNet(nn.Module):
    def __init__(self, width=16, cond_dim=8):
        super().__init__()
        self.conv_in = nn.Conv2d(4, width, 3, padding=1)
        self.cond = nn.Linear(cond_dim, width)
        self.conv_out = nn.Conv2d(width, 4, 3, padding=1)

    def forward(self, x, t, cond):
        return self.conv_out(torch.relu(self.conv_in(x) + self.cond(cond)[:, :, None, None]))


class DDIM:
    def __init__(self, n_train=1000):
        self.alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 0.02, n_train), dim=0)
        self.n_train = n_train

    def set_timesteps(self, n):
        self.timesteps = torch.arange(n).flip(0) * (self.n_train // n)
        return self.timesteps

    def step(self, eps, i, sample):
        a_t = self.alphas_cumprod[self.timesteps[i]]
        a_prev = self.alphas_cumprod[self.timesteps[i + 1]] if i + 1 < len(self.timesteps) else torch.tensor(1.0)
        x0 = ((sample - (1 - a_t).sqrt() * eps) / a_t.sqrt()).clamp(-1, 1)
        return a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps


def build_pipeline(seed):
    torch.manual_seed(seed)
    text_encoder = nn.Sequential(nn.Embedding(40, 8), nn.Linear(8, 8))
    vae_decoder = nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(4, 3, 3, padding=1))
    return CFGPipeline(TinyUNet().eval(), text_encoder, vae_decoder, DDIM(), callbacks=[])


def main():
    prompts = torch.randint(1, 40, (2, 6))
    grid = []
    for ckpt in range(3):
        pipe = build_pipeline(seed=100 + ckpt)
        preview = DecodedPreviewCallback(pipe.vae_decoder, every_n_steps=3)
        pipe.add_callback(CFGCutoffCallback(cutoff_step_ratio=0.4))
        pipe.add_callback(preview)
        images = pipe(prompts, guidance_scale=5.0)
        grid.append((ckpt, tuple(images.shape), len(preview.frames), pipe.guidance_scale))
    for ckpt, shape, n_frames, final_scale in grid:
        print(f"ckpt {ckpt}: {shape}, {n_frames} preview frames, guidance at end {final_scale}")


if __name__ == "__main__":
    main()
