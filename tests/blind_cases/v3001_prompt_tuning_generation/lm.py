"""Small causal language model with a greedy generate() loop."""
import torch
import torch.nn as nn


class TinyCausalLM(nn.Module):
    def __init__(self, vocab_size=32, dim=16, max_len=32):
        super().__init__()
        self.config = {"vocab_size": vocab_size, "dim": dim, "max_len": max_len}
        self.embed = nn.Embedding(vocab_size, dim)
        self.pos = nn.Embedding(max_len, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab_size)

    def get_input_embeddings(self):
        return self.embed

    def prepare_inputs_for_generation(self, input_ids, **kwargs):
        return {"inputs_embeds": self.embed(input_ids)}

    def forward(self, input_ids=None, inputs_embeds=None):
        if inputs_embeds is None:
            inputs_embeds = self.embed(input_ids)
        positions = torch.arange(inputs_embeds.shape[1])
        hidden, _ = self.rnn(inputs_embeds + self.pos(positions))
        return self.lm_head(hidden)

    @torch.no_grad()
    def generate(self, input_ids, max_new_tokens=4):
        for _ in range(max_new_tokens):
            model_inputs = self.prepare_inputs_for_generation(input_ids)
            logits = self(**model_inputs)
            next_id = logits[:, -1].argmax(-1, keepdim=True)
            input_ids = torch.cat([input_ids, next_id], dim=1)
        return input_ids
