"""Tiny causal LM shared by the policy and the reference model."""
import torch
import torch.nn as nn

VOCAB = 32
HIDDEN = 24


class TinyCausalLM(nn.Module):
    def __init__(self, vocab=VOCAB, hidden=HIDDEN):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.mix = nn.Linear(hidden, hidden)
        self.lm_head = nn.Linear(hidden, vocab)

    def forward(self, input_ids):
        h = self.embed(input_ids)
        steps = torch.arange(1, input_ids.shape[1] + 1, device=h.device).view(1, -1, 1)
        h = h.cumsum(dim=1) / steps
        return self.lm_head(torch.tanh(self.mix(h)))

    def token_logprobs(self, input_ids):
        logits = self(input_ids[:, :-1])
        logp = torch.log_softmax(logits, dim=-1)
        return logp.gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)


def load_reference(seed=0):
    torch.manual_seed(seed)
    ref = TinyCausalLM()
    ref.eval()
    ref.requires_grad_(False)
    return ref


REFERENCE_LM = load_reference()
