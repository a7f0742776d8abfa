"""Process-wide frozen text encoder and tokenizer, loaded once at import."""
import torch
import torch.nn as nn

BASE_WORDS = ["<pad>", "a", "photo", "of", "dog", "cat", "toy", "sculpture", "in", "style", "painting", "the"]


class WordTokenizer:
    def __init__(self, words):
        self.vocab = {w: i for i, w in enumerate(words)}

    def add_token(self, token):
        self.vocab.setdefault(token, len(self.vocab))
        return self.vocab[token]

    def __call__(self, text, length=8):
        ids = [self.vocab[w] for w in text.lower().split()][:length]
        return torch.tensor(ids + [0] * (length - len(ids)))


class FrozenTextEncoder(nn.Module):
    def __init__(self, vocab_size, dim):
        super().__init__()
        self.token_embedding = nn.Embedding(vocab_size, dim)
        self.mixer = nn.Linear(dim, dim)

    def forward(self, ids):
        h = self.token_embedding(ids)
        return h + torch.tanh(self.mixer(h.mean(dim=1, keepdim=True)))


torch.manual_seed(1234)
TOKENIZER = WordTokenizer(BASE_WORDS)
TEXT_ENCODER = FrozenTextEncoder(len(BASE_WORDS), 16).eval().requires_grad_(False)
