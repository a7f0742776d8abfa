"""Batch sampling service: a DDIM pipeline with a pollable progress iterator; interrupts skip the remaining steps."""
import torch
import torch.nn as nn


class TinyDenoiser(nn.Module):
    def __init__(self, channels=4, width=16):
        super().__init__()
        self.t_proj = nn.Linear(1, width)
        self.conv_in = nn.Conv2d(channels, width, 3, padding=1)
        self.conv_mid = nn.Conv2d(width, width, 3, padding=1)
        self.conv_out = nn.Conv2d(width, channels, 3, padding=1)

    def forward(self, x, t):
        h = self.conv_in(x) + self.t_proj(t.float().view(-1, 1) / 1000)[:, :, None, None]
        return self.conv_out(torch.relu(self.conv_mid(torch.relu(h))))


class DDIMScheduler:
    def __init__(self, num_train_timesteps=1000, beta_start=1e-4, beta_end=0.02):
        self.num_train_timesteps = num_train_timesteps
        self.alphas_cumprod = torch.cumprod(1 - torch.linspace(beta_start, beta_end, num_train_timesteps), 0)
        self.timesteps = None

    def set_timesteps(self, num_inference_steps):
        step = self.num_train_timesteps // num_inference_steps
        self.timesteps = torch.arange(0, num_inference_steps).flip(0) * step

    def step(self, eps, t, sample):
        prev_t = t - self.num_train_timesteps // len(self.timesteps)
        a_t = self.alphas_cumprod[t]
        a_prev = self.alphas_cumprod[prev_t] if prev_t >= 0 else torch.tensor(1.0)
        x0 = ((sample - (1 - a_t).sqrt() * eps) / a_t.sqrt()).clamp(-1, 1)
        return a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps


class SamplingPipeline:
    def __init__(self, unet, scheduler):
        self.unet = unet
        self.scheduler = scheduler
        self._interrupt = False
        self._progress = None
        self._current, self._total = 0, 0

    @property
    def progress(self):
        return self._current, self._total

    def interrupt(self):
        self._interrupt = True

    def _progress_steps(self, timesteps):
        self._total = len(timesteps)
        for i, t in enumerate(timesteps):
            self._current = i
            yield i, t
        self._current = self._total

    @torch.no_grad()
    def __call__(self, batch_size=2, num_inference_steps=8, callback_on_step_end=None):
        self._interrupt = False
        self.scheduler.set_timesteps(num_inference_steps)
        latents = torch.randn(batch_size, 4, 8, 8)
        self._progress = self._progress_steps(self.scheduler.timesteps)
        for i, t in self._progress:
            if self._interrupt:
                continue
            eps = self.unet(latents, t.expand(batch_size))
            latents = self.scheduler.step(eps, t, latents)
            if callback_on_step_end is not None:
                callback_on_step_end(self, i, t, {"latents": latents})
        return latents


class StopOnBudget:
    """Stops a job once its share of the step budget is used up."""

    def __init__(self, max_steps):
        self.max_steps = max_steps

    def __call__(self, pipe, step, timestep, callback_kwargs):
        if step + 1 >= self.max_steps:
            pipe.interrupt()
        return callback_kwargs


JOBS = [
    {"name": "preview", "steps": 10, "budget": 3},
    {"name": "full", "steps": 6, "budget": None},
    {"name": "draft", "steps": 10, "budget": 5},
]


def main():
    results = {}
    for job in JOBS:
        pipe = SamplingPipeline(TinyDenoiser().eval(), DDIMScheduler())
        callback = StopOnBudget(job["budget"]) if job["budget"] else None
        latents = pipe(num_inference_steps=job["steps"], callback_on_step_end=callback)
        done, total = pipe.progress
        results[job["name"]] = (done, total, latents.std().item())
    for name, (done, total, std) in results.items():
        print(f"{name}: {done}/{total} steps, latent std {std:.3f}")


if __name__ == "__main__":
    main()
