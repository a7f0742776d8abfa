"""Multi-resolution sampling with a tiny rectified-flow model and a swapped-in scheduler."""
import math

import torch
import torch.nn as nn

from scheduling_flow_match import FlowMatchEulerDiscreteScheduler


class TinyFlowModel(nn.Module):
    def __init__(self, channels=4, width=32):
        super().__init__()
        self.conv_in = nn.Conv2d(channels, width, 3, padding=1)
        self.t_embed = nn.Sequential(nn.Linear(1, width), nn.SiLU(), nn.Linear(width, width))
        self.conv_out = nn.Conv2d(width, channels, 3, padding=1)

    def forward(self, latents, timestep):
        h = self.conv_in(latents) + self.t_embed(timestep.view(-1, 1) / 1000)[:, :, None, None]
        return self.conv_out(nn.functional.silu(h))


class FlowPipeline:
    def __init__(self, transformer, scheduler, base_seq_len=16, max_seq_len=256, base_shift=0.5, max_shift=1.15):
        self.transformer, self.scheduler = transformer, scheduler
        self.shift_config = (base_seq_len, max_seq_len, base_shift, max_shift)
        self._image_seq_len = base_seq_len

    def calculate_mu(self, image_seq_len):
        base_len, max_len, base_shift, max_shift = self.shift_config
        slope = (max_shift - base_shift) / (max_len - base_len)
        return image_seq_len * slope + base_shift - slope * base_len

    def time_shift(self, mu, sigma, t):
        mu = self.calculate_mu(self._image_seq_len) if mu is None else mu
        return math.exp(mu) / (math.exp(mu) + (1 / t - 1) ** sigma)

    @torch.no_grad()
    def __call__(self, batch_size, height, width, num_inference_steps=4):
        self._image_seq_len = (height // 2) * (width // 2)
        self.scheduler.set_timesteps(num_inference_steps)
        latents = torch.randn(batch_size, 4, height, width)
        for t in self.scheduler.timesteps:
            velocity = self.transformer(latents, t.expand(batch_size))
            latents = self.scheduler.step(velocity, latents)
        return latents


def main():
    for ckpt in range(3):
        torch.manual_seed(ckpt)
        pipe = FlowPipeline(TinyFlowModel().eval(), FlowMatchEulerDiscreteScheduler())
        pipe.scheduler = FlowMatchEulerDiscreteScheduler.from_config(  # cycle
            pipe.scheduler.config, use_dynamic_shifting=True, shift_terminal=0.02,
            time_shift_fn=pipe.time_shift)  # cycle
        for size in (8, 16):
            latents = pipe(2, size, size)
            print(ckpt, size, round(pipe.scheduler.sigmas[1].item(), 4), round(latents.std().item(), 4))
        print(ckpt, pipe.scheduler.to_json_string())


if __name__ == "__main__":
    main()
