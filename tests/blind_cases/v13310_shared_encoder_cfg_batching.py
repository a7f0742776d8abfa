"""Guidance sweep: pipelines share one import-time text encoder and batch negative prompts through a hook."""
import contextlib
import functools

import torch
import torch.nn as nn


class TinyTextEncoder(nn.Module):
    def __init__(self, vocab=48, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.Linear(dim, dim)

    def forward(self, ids):
        return self.mix(self.embed(ids)).mean(dim=1)


TEXT_ENCODER = TinyTextEncoder().eval()


def _rescaled_cfg(eps_uncond, eps_text, scale, rescale):
    guided = eps_uncond + scale * (eps_text - eps_uncond)
    if rescale == 0.0:
        return guided
    std_text = eps_text.std(dim=(1, 2, 3), keepdim=True)
    std_cfg = guided.std(dim=(1, 2, 3), keepdim=True)
    return rescale * guided * (std_text / std_cfg) + (1 - rescale) * guided


@functools.lru_cache(maxsize=None)
def cfg_combiner(scale, rescale):
    return functools.partial(_rescaled_cfg, scale=scale, rescale=rescale)


class NegativePromptBatcher:
    """Prepends the negative prompt to every text-encoder call so cond and uncond share one forward."""

    def __init__(self, pipeline, negative_ids):
        self.pipeline = pipeline
        self.negative_ids = negative_ids
        self.calls = 0

    def __call__(self, module, inputs):
        (ids,) = inputs
        self.calls += 1
        self.pipeline.encoder_calls += 1
        return (torch.cat([self.negative_ids.expand(len(ids), -1), ids]),)


@contextlib.contextmanager
def batched_negative_prompts(pipeline, negative_ids):
    batcher = NegativePromptBatcher(pipeline, negative_ids)
    handle = pipeline.text_encoder.register_forward_pre_hook(batcher)
    try:
        yield batcher
    finally:
        handle.remove()


class GuidedPipeline:
    def __init__(self, unet, text_encoder=TEXT_ENCODER, num_train_timesteps=1000):
        self.unet = unet
        self.text_encoder = text_encoder
        self.alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 0.02, num_train_timesteps), dim=0)
        self.encoder_calls = 0

    @torch.no_grad()
    def __call__(self, ids, negative_ids, guidance_scale, guidance_rescale=0.0, num_inference_steps=5):
        combine = cfg_combiner(guidance_scale, guidance_rescale)
        with batched_negative_prompts(self, negative_ids):
            embeds = self.text_encoder(ids)
        timesteps = torch.arange(num_inference_steps).flip(0) * (1000 // num_inference_steps)
        latents = torch.randn(len(ids), 4, 8, 8)
        for i, t in enumerate(timesteps):
            eps = combine(*self.unet(torch.cat([latents] * 2), embeds).chunk(2))
            a_t = self.alphas_cumprod[t]
            a_prev = self.alphas_cumprod[timesteps[i + 1]] if i + 1 < len(timesteps) else torch.tensor(1.0)
            x0 = ((latents - (1 - a_t).sqrt() * eps) / a_t.sqrt()).clamp(-1, 1)
            latents = a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps
        return latents


class TinyUNet(nn.Module):
    def __init__(self, width=16, cond_dim=8):
        super().__init__()
        self.conv_in = nn.Conv2d(4, width, 3, padding=1)
        self.cond = nn.Linear(cond_dim, 2 * width)
        self.conv_out = nn.Conv2d(width, 4, 3, padding=1)

    def forward(self, x, cond):
        scale, shift = self.cond(cond).chunk(2, dim=1)
        return self.conv_out(torch.relu(self.conv_in(x) * (1 + scale[..., None, None]) + shift[..., None, None]))


def main():
    sweep = [(3.0, 0.0), (7.5, 0.0), (7.5, 0.7), (3.0, 0.0)]
    ids = torch.randint(1, 48, (2, 6))
    negative_ids = torch.randint(1, 48, (1, 6))
    for variant in ("base", "finetuned"):
        torch.manual_seed(len(variant))
        pipe = GuidedPipeline(TinyUNet().eval())
        for scale, rescale in sweep:
            latents = pipe(ids, negative_ids, scale, rescale)
            print(f"{variant} cfg={scale} rescale={rescale}: std {latents.std().item():.3f}")
        print(f"{variant}: {pipe.encoder_calls} encoder calls, hooks left {len(TEXT_ENCODER._forward_pre_hooks)}")
    print(cfg_combiner.cache_info())


if __name__ == "__main__":
    main()
