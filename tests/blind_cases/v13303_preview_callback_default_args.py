"""Checkpoint comparison: text-to-image sampling with classifier-free guidance and latent previews."""
import torch
import torch.nn as nn


class TinyTextEncoder(nn.Module):
    def __init__(self, vocab=32, dim=12):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids):
        return self.proj(self.embed(ids)).mean(dim=1)


class TinyUNet(nn.Module):
    def __init__(self, channels=4, width=16, cond_dim=12):
        super().__init__()
        self.conv_in = nn.Conv2d(channels, width, 3, padding=1)
        self.film = nn.Linear(cond_dim + 1, 2 * width)
        self.conv_out = nn.Conv2d(width, channels, 3, padding=1)

    def forward(self, x, sigma, cond):
        scale, shift = self.film(torch.cat([cond, sigma.log().expand(len(x), 1)], dim=1)).chunk(2, dim=1)
        h = self.conv_in(x) * (1 + scale[:, :, None, None]) + shift[:, :, None, None]
        return self.conv_out(torch.nn.functional.silu(h))


class EulerScheduler:
    def __init__(self, sigma_min=0.03, sigma_max=14.6):
        self.sigma_min, self.sigma_max = sigma_min, sigma_max
        self.sigmas = None

    def set_timesteps(self, n):
        ramp = torch.linspace(0, 1, n)
        inv_rho = 1 / 7.0
        sig = (self.sigma_max ** inv_rho + ramp * (self.sigma_min ** inv_rho - self.sigma_max ** inv_rho)) ** 7.0
        self.sigmas = torch.cat([sig, torch.zeros(1)])

    def scale_model_input(self, sample, i):
        return sample / (self.sigmas[i] ** 2 + 1).sqrt()

    def step(self, eps, i, sample):
        return sample + eps * (self.sigmas[i + 1] - self.sigmas[i])


class Txt2ImgPipeline:
    vae_scale_factor = 0.18215

    def __init__(self, text_encoder, unet, vae_decoder, scheduler):
        self.text_encoder = text_encoder
        self.unet = unet
        self.vae_decoder = vae_decoder
        self.scheduler = scheduler
        self._step_callbacks = []

    def encode_prompt(self, token_ids):
        cond = self.text_encoder(token_ids)
        uncond = self.text_encoder(torch.zeros_like(token_ids))
        return torch.cat([uncond, cond])

    def decode_preview(self, latents):
        return self.vae_decoder(latents / self.vae_scale_factor).clamp(-1, 1)

    def enable_latent_preview(self, every_n_steps, sink):
        def _preview(step, sigma, latents, _pipe=self, _every=every_n_steps, _sink=sink):  # cycle
            if step % _every == 0:
                _sink.append((step, float(sigma), _pipe.decode_preview(latents)))

        self._step_callbacks.append(_preview)  # cycle

    @torch.no_grad()
    def __call__(self, token_ids, guidance_scale=5.0, num_inference_steps=6):
        embeds = self.encode_prompt(token_ids)
        self.scheduler.set_timesteps(num_inference_steps)
        latents = torch.randn(len(token_ids), 4, 8, 8) * self.scheduler.sigmas[0]
        for i, sigma in enumerate(self.scheduler.sigmas[:-1]):
            model_in = self.scheduler.scale_model_input(torch.cat([latents] * 2), i)
            eps_uncond, eps_text = self.unet(model_in, sigma, embeds).chunk(2)
            eps = eps_uncond + guidance_scale * (eps_text - eps_uncond)
            latents = self.scheduler.step(eps, i, latents)
            for callback in self._step_callbacks:
                callback(i, sigma, latents)
        return self.decode_preview(latents)


def build_pipeline(seed):
    torch.manual_seed(seed)
    vae_decoder = nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(4, 3, 3, padding=1), nn.Tanh())
    return Txt2ImgPipeline(TinyTextEncoder(), TinyUNet(), vae_decoder, EulerScheduler())


def main():
    prompts = torch.randint(1, 32, (2, 7))
    report = {}
    for ckpt_seed in (11, 12, 13):
        pipe = build_pipeline(ckpt_seed)
        gallery = []
        pipe.enable_latent_preview(every_n_steps=2, sink=gallery)
        images = pipe(prompts, guidance_scale=4.0)
        report[ckpt_seed] = (tuple(images.shape), [step for step, _, _ in gallery])
    for seed, (shape, preview_steps) in report.items():
        print(f"checkpoint {seed}: images {shape}, previews at steps {preview_steps}")


if __name__ == "__main__":
    main()
