"""Local LM client (dspy-style): every call is recorded in the client's and the global history."""
import time

import torch
import torch.nn as nn

GLOBAL_HISTORY = []
MAX_HISTORY_SIZE = 10_000


class ExpansionPolicy(nn.Module):
    def __init__(self, vocab_size, n_terms, dim=16):
        super().__init__()
        self.bag = nn.EmbeddingBag(vocab_size, dim)
        self.head = nn.Linear(dim, n_terms)

    def forward(self, token_ids):
        return self.head(self.bag(token_ids))


class LocalLM:
    def __init__(self, model, vocab, terms, model_name="tiny-expander"):
        self.model = model
        self.vocab = vocab
        self.terms = terms
        self.model_name = model_name
        self.history = []

    def __call__(self, prompt, n=2, temperature=1.0):
        ids = torch.tensor([[self.vocab.get(w, 0) for w in prompt.split()]])
        dist = torch.distributions.Categorical(logits=self.model(ids)[0] / temperature)
        picks = dist.sample((n,))
        entry = {
            "prompt": prompt,
            "outputs": [" ".join(self.terms[i] for i in picks.tolist())],
            "logprobs": dist.log_prob(picks).sum(),
            "kwargs": {"n": n, "temperature": temperature},
            "model": self.model_name,
            "timestamp": time.time(),
        }
        self.history.append(entry)
        GLOBAL_HISTORY.append(entry)  # retain
        if len(GLOBAL_HISTORY) > MAX_HISTORY_SIZE:
            del GLOBAL_HISTORY[0]
        return entry
