"""Model definition shipped inside the serving package."""
import torch
import torch.nn as nn


class IntentClassifier(nn.Module):
    def __init__(self, vocab_size=64, dim=16, num_labels=3):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, dim, mode="mean")
        self.hidden = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, num_labels)

    def forward(self, tokens, offsets):
        h = torch.tanh(self.hidden(self.embed(tokens, offsets)))
        return self.head(h)
