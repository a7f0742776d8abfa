"""Tiny two-tower model and a whitespace tokenizer for the zero-shot benchmark."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class WordTokenizer:
    def __init__(self, max_len=12, vocab_size=512):
        self.max_len = max_len
        self.vocab_size = vocab_size

    def __call__(self, texts):
        ids = torch.zeros(len(texts), self.max_len, dtype=torch.long)
        for row, text in enumerate(texts):
            words = text.lower().replace(".", " .").split()[: self.max_len]
            for col, word in enumerate(words):
                ids[row, col] = 1 + sum(map(ord, word)) % (self.vocab_size - 1)
        return ids


class TextTower(nn.Module):
    def __init__(self, vocab_size=512, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=0)
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids):
        mask = (ids > 0).float().unsqueeze(-1)
        pooled = (self.embed(ids) * mask).sum(1) / mask.sum(1).clamp_min(1.0)
        return F.normalize(self.proj(pooled), dim=-1)


class ImageTower(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.proj = nn.Linear(8, dim)

    def forward(self, images):
        feats = F.relu(self.conv(images)).mean(dim=(2, 3))
        return F.normalize(self.proj(feats), dim=-1)
