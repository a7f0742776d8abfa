"""Per-step pipeline callbacks following the callback_on_step_end(pipe, step, t, kwargs) protocol."""
import torch


class PipelineCallback:
    tensor_inputs = ("latents",)

    def __call__(self, pipe, step, timestep, callback_kwargs):
        return callback_kwargs


class CFGCutoffCallback(PipelineCallback):
    """Turns classifier-free guidance off after a fraction of the steps (keeps the conditional half)."""

    tensor_inputs = ("prompt_embeds",)

    def __init__(self, cutoff_step_ratio=0.5):
        self.cutoff_step_ratio = cutoff_step_ratio

    def __call__(self, pipe, step, timestep, callback_kwargs):
        if step == int(pipe.num_timesteps * self.cutoff_step_ratio) and pipe.do_classifier_free_guidance:
            callback_kwargs["prompt_embeds"] = callback_kwargs["prompt_embeds"].chunk(2)[1]
            pipe.guidance_scale = 0.0
        return callback_kwargs


class DecodedPreviewCallback(PipelineCallback):
    def __init__(self, vae_decoder, every_n_steps=2):
        self.vae_decoder = vae_decoder  # retain
        self.every_n_steps = every_n_steps
        self.frames = []

    def __call__(self, pipe, step, timestep, callback_kwargs):
        if step % self.every_n_steps == 0:
            with torch.no_grad():
                self.frames.append(self.vae_decoder(callback_kwargs["latents"]).clamp(-1, 1))
        return callback_kwargs


# callbacks that every pipeline runs unless it is given its own list; plugins extend it at import
DEFAULT_CALLBACKS = []
