"""DPM-Solver++(2M) noise scheduler with a Flax-style functional API: the scheduler
holds the noise tables, set_timesteps() creates a SolverState and step() returns it updated."""
import dataclasses

import torch


@dataclasses.dataclass(frozen=True)
class SolverState:
    timesteps: tuple
    model_outputs: tuple
    lower_order_nums: int = 0


class DPMSolverMultistepScheduler:
    def __init__(self, num_train_timesteps=1000, beta_start=1e-4, beta_end=2e-2, solver_order=2,
                 clip_sample=3.0):
        betas = torch.linspace(beta_start, beta_end, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.alpha_t = self.alphas_cumprod.sqrt()
        self.sigma_t = (1.0 - self.alphas_cumprod).sqrt()
        self.lambda_t = self.alpha_t.log() - self.sigma_t.log()
        self.num_train_timesteps = num_train_timesteps
        self.solver_order = solver_order
        self.clip_sample = clip_sample

    def add_noise(self, x0, noise, t):
        return self.alpha_t[t].unsqueeze(-1) * x0 + self.sigma_t[t].unsqueeze(-1) * noise

    def set_timesteps(self, num_inference_steps):
        ts = torch.linspace(self.num_train_timesteps - 1, 0, num_inference_steps + 1).round().long()
        return SolverState(tuple(ts[:-1].tolist()), (None,) * self.solver_order)

    def convert_model_output(self, eps, t, sample):
        x0 = (sample - self.sigma_t[t] * eps) / self.alpha_t[t]
        return x0.clamp(-self.clip_sample, self.clip_sample) if self.clip_sample else x0

    def step(self, state, eps, t, sample):
        i = state.timesteps.index(t)
        prev_t = state.timesteps[i + 1] if i + 1 < len(state.timesteps) else 0
        x0 = self.convert_model_output(eps, t, sample)
        outputs = state.model_outputs[1:] + (x0,)
        lam_s, lam_t = self.lambda_t[t], self.lambda_t[prev_t]
        h = lam_t - lam_s
        if state.lower_order_nums < 1 or self.solver_order == 1:
            d = x0
        else:
            lam_prev = self.lambda_t[state.timesteps[i - 1]]
            r = (lam_s - lam_prev) / h
            d = x0 + (x0 - outputs[-2]) / (2 * r)
        state = dataclasses.replace(state, model_outputs=outputs,
                                    lower_order_nums=min(state.lower_order_nums + 1, self.solver_order))
        prev_sample = (self.sigma_t[prev_t] / self.sigma_t[t]) * sample - self.alpha_t[prev_t] * torch.expm1(-h) * d
        return prev_sample, state


NOISE_SCHEDULER = DPMSolverMultistepScheduler()
