"""Checkpoint evaluation with perturbed-attention guidance: decoded grids plus latents for a refiner."""
import torch
import torch.nn as nn

from pag import PAGMixin
from unet import TinyUNet


class PAGPipeline(PAGMixin):
    def __init__(self, unet, text_encoder, vae_decoder, num_train_timesteps=1000):
        self.unet, self.text_encoder, self.vae_decoder = unet, text_encoder, vae_decoder
        self.alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 0.02, num_train_timesteps), dim=0)

    @torch.no_grad()
    def __call__(self, ids, guidance_scale=5.0, pag_scale=3.0, num_inference_steps=5, output_type="image"):
        self._pag_scale = pag_scale
        cond, uncond = self.text_encoder(ids), self.text_encoder(torch.zeros_like(ids))
        embeds = [uncond, cond]
        if self.do_perturbed_attention_guidance:
            embeds.append(cond)
            original_attn_proc = self.unet.attn_processors
            self._set_pag_attn_processor()
        embeds = torch.cat(embeds)
        timesteps = torch.arange(num_inference_steps).flip(0) * (1000 // num_inference_steps)
        latents = torch.randn(len(ids), 4, 8, 8)
        for i, t in enumerate(timesteps):
            noise_pred = self.unet(latents.repeat(len(embeds) // len(ids), 1, 1, 1), t.repeat(len(embeds)), embeds)
            if self.do_perturbed_attention_guidance:
                eps = self._apply_perturbed_attention_guidance(noise_pred, guidance_scale)
            else:
                uncond_eps, text_eps = noise_pred.chunk(2)
                eps = uncond_eps + guidance_scale * (text_eps - uncond_eps)
            a_t = self.alphas_cumprod[t]
            a_prev = self.alphas_cumprod[timesteps[i + 1]] if i + 1 < len(timesteps) else torch.tensor(1.0)
            x0 = ((latents - (1 - a_t).sqrt() * eps) / a_t.sqrt()).clamp(-1, 1)
            latents = a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps
        if output_type == "latent":
            return latents
        image = self.vae_decoder(latents).clamp(-1, 1)
        if self.do_perturbed_attention_guidance:
            self.unet.set_attn_processor(original_attn_proc)
        return image


def main():
    ids = torch.randint(1, 40, (2, 5))
    for ckpt in range(3):
        torch.manual_seed(ckpt)
        vae_decoder = nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(4, 3, 3, padding=1))
        pipe = PAGPipeline(TinyUNet().eval(), nn.Embedding(40, 12), vae_decoder)
        grid = pipe(ids, guidance_scale=4.5, pag_scale=2.0)
        latents_for_refiner = pipe(ids, guidance_scale=4.5, pag_scale=2.0, output_type="latent")
        print(ckpt, tuple(grid.shape), round(latents_for_refiner.std().item(), 3))


if __name__ == "__main__":
    main()
