"""Character-level tokenizer and padding collator for short product titles."""
import torch


class CharTokenizer:
    def __init__(self, corpus, lowercase=True):
        self.lowercase = lowercase
        chars = sorted({ch for text in corpus for ch in self._norm(text)})
        self.itos = ["<pad>", "<unk>"] + chars
        self.stoi = {ch: i for i, ch in enumerate(self.itos)}

    def _norm(self, text):
        return text.lower() if self.lowercase else text

    def __len__(self):
        return len(self.itos)

    def encode(self, text):
        return [self.stoi.get(ch, 1) for ch in self._norm(text)]


class PadCollator:
    def __init__(self, tokenizer, max_len=32):
        self.tokenizer = tokenizer
        self.max_len = max_len

    def __call__(self, batch):
        texts, labels = zip(*batch)
        ids = [self.tokenizer.encode(t)[: self.max_len] for t in texts]
        x = torch.zeros(len(ids), max(map(len, ids)), dtype=torch.long)
        for row, seq in enumerate(ids):
            x[row, : len(seq)] = torch.tensor(seq)
        return x, torch.tensor(labels)
