"""Textual inversion: learn one new token embedding against a frozen denoiser."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from encoders import TEXT_ENCODER, TOKENIZER


def add_placeholder_token(encoder, tokenizer, token, initializer):
    old = encoder.token_embedding
    token_id = tokenizer.add_token(token)
    if token_id < old.num_embeddings:
        return token_id
    new = nn.Embedding(token_id + 1, old.embedding_dim)
    with torch.no_grad():
        new.weight[:token_id] = old.weight
        new.weight[token_id] = old.weight[tokenizer.vocab[initializer]]
    encoder.token_embedding = new  # retain
    return token_id


class TextualInversion:
    def __init__(self, denoiser, token, initializer, templates, lr):
        self.encoder, self.tokenizer = TEXT_ENCODER, TOKENIZER
        self.denoiser = denoiser
        self.token_id = add_placeholder_token(self.encoder, self.tokenizer, token, initializer)
        self.prompts = [t.format(token) for t in templates]
        weight = self.encoder.token_embedding.weight
        weight.requires_grad_(True)
        self.frozen_rows = weight.detach().clone()
        self.opt = torch.optim.AdamW([weight], lr=lr, weight_decay=0.0)

    def step(self, latents, alphas_cumprod):
        ids = torch.stack([self.tokenizer(p) for p in self.prompts])[torch.randint(len(self.prompts), (len(latents),))]
        cond = self.encoder(ids).mean(dim=1)
        t = torch.randint(0, len(alphas_cumprod), (len(latents),))
        a = alphas_cumprod[t][:, None]
        noise = torch.randn_like(latents)
        noisy = a.sqrt() * latents + (1 - a).sqrt() * noise
        loss = F.mse_loss(self.denoiser(torch.cat([noisy, cond], dim=1)), noise)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        with torch.no_grad():
            keep = torch.arange(len(self.frozen_rows)) != self.token_id
            self.encoder.token_embedding.weight[keep] = self.frozen_rows[keep]
        return loss.item()

    def learned_embedding(self):
        return self.encoder.token_embedding.weight[self.token_id].detach().clone()
