"""Prompt tuning: trainable virtual-token embeddings prepended to a frozen language model."""
import torch
import torch.nn as nn


class FrozenLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab)

    def forward_embeds(self, embeds):
        h, _ = self.rnn(embeds)
        return self.lm_head(h)


class PromptTuningModel(nn.Module):
    def __init__(self, base, num_virtual_tokens, init_ids):
        super().__init__()
        self.base = base.requires_grad_(False)
        self.num_virtual_tokens = num_virtual_tokens
        init = base.embed.weight[init_ids[:num_virtual_tokens]].detach().clone()
        self.soft_prompt = nn.Parameter(init)

    def forward(self, ids):
        embeds = self.base.embed(ids)
        prompt = self.soft_prompt.unsqueeze(0).expand(ids.shape[0], -1, -1)
        logits = self.base.forward_embeds(torch.cat([prompt, embeds], dim=1))
        return logits[:, self.num_virtual_tokens:]

    def adapter_state_dict(self):
        return {"soft_prompt": self.soft_prompt.detach().clone()}
