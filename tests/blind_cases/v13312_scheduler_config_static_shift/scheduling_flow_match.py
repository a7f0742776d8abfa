"""Flow-matching Euler scheduler with optional resolution-dependent timestep shifting."""
import torch

from configuration_utils import ConfigMixin, register_to_config


class FlowMatchEulerDiscreteScheduler(ConfigMixin):
    @register_to_config
    def __init__(self, num_train_timesteps=1000, shift=3.0, use_dynamic_shifting=False,
                 time_shift_fn=None, shift_terminal=None):
        self.timesteps = None
        self.sigmas = None
        self._step_index = None

    def set_timesteps(self, num_inference_steps, mu=None):
        sigmas = torch.linspace(1.0, 1.0 / num_inference_steps, num_inference_steps)
        if self.config.use_dynamic_shifting:
            sigmas = self.config.time_shift_fn(mu, 1.0, sigmas)
        else:
            shift = self.config.shift
            sigmas = shift * sigmas / (1 + (shift - 1) * sigmas)
        if self.config.shift_terminal is not None:
            one_minus = 1 - sigmas
            sigmas = 1 - one_minus / (one_minus[-1] / (1 - self.config.shift_terminal))
        self.timesteps = sigmas * self.config.num_train_timesteps
        self.sigmas = torch.cat([sigmas, torch.zeros(1)])
        self._step_index = 0

    def step(self, model_output, sample):
        sigma, sigma_next = self.sigmas[self._step_index], self.sigmas[self._step_index + 1]
        self._step_index += 1
        return sample + (sigma_next - sigma) * model_output
