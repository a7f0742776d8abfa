import torch.nn as nn

from mixins import ExportMixin, LiveRegistryMixin


class TextClassifier(ExportMixin, LiveRegistryMixin, nn.Module):
    def __init__(self, vocab=50, dim=16, classes=4):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.head = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, classes))

    def forward(self, tokens):
        return self.head(self.emb(tokens))
