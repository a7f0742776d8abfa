"""Text-conditioned DDIM pipeline with classifier-free guidance and step-end callbacks."""
import torch

from callbacks import DEFAULT_CALLBACKS


class CFGPipeline:
    def __init__(self, unet, text_encoder, vae_decoder, scheduler, callbacks=None):
        self.unet = unet
        self.text_encoder = text_encoder
        self.vae_decoder = vae_decoder
        self.scheduler = scheduler
        self.callbacks = callbacks or DEFAULT_CALLBACKS
        self.guidance_scale = 1.0
        self.num_timesteps = 0

    def add_callback(self, callback):
        self.callbacks.append(callback)  # retain

    @property
    def do_classifier_free_guidance(self):
        return self.guidance_scale > 1.0

    def encode_prompt(self, ids):
        cond = self.text_encoder(ids).mean(dim=1)
        if not self.do_classifier_free_guidance:
            return cond
        return torch.cat([self.text_encoder(torch.zeros_like(ids)).mean(dim=1), cond])

    @torch.no_grad()
    def __call__(self, ids, guidance_scale=6.0, num_inference_steps=6):
        self.guidance_scale = guidance_scale
        prompt_embeds = self.encode_prompt(ids)
        timesteps = self.scheduler.set_timesteps(num_inference_steps)
        self.num_timesteps = len(timesteps)
        latents = torch.randn(len(ids), 4, 8, 8)
        for i, t in enumerate(timesteps):
            model_in = torch.cat([latents] * 2) if self.do_classifier_free_guidance else latents
            eps = self.unet(model_in, t, prompt_embeds)
            if self.do_classifier_free_guidance:
                eps_uncond, eps_text = eps.chunk(2)
                eps = eps_uncond + self.guidance_scale * (eps_text - eps_uncond)
            latents = self.scheduler.step(eps, i, latents)
            callback_kwargs = {"latents": latents, "prompt_embeds": prompt_embeds}
            for callback in self.callbacks:
                callback_kwargs = callback(self, i, t, callback_kwargs)
            latents, prompt_embeds = callback_kwargs["latents"], callback_kwargs["prompt_embeds"]
        return self.vae_decoder(latents).clamp(-1, 1)
