"""Small recurrent policy that samples continuations and their log-probabilities."""
import torch
import torch.nn as nn


class RecurrentPolicy(nn.Module):
    def __init__(self, vocab, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.cell = nn.GRUCell(dim, dim)
        self.head = nn.Linear(dim, vocab)

    def sample(self, input_ids, max_new_tokens, temperature=1.0):
        h = torch.zeros(1, self.cell.hidden_size)
        for tok in input_ids:
            h = self.cell(self.embed(torch.tensor([tok])), h)
        tokens, logprobs = [], []
        for _ in range(max_new_tokens):
            dist = torch.distributions.Categorical(logits=self.head(h)[0] / temperature)
            tok = dist.sample()
            tokens.append(int(tok))
            logprobs.append(dist.log_prob(tok))
            h = self.cell(self.embed(tok[None]), h)
        return tokens, torch.stack(logprobs)
