"""Tiny word-level tokenizer; unknown words are a hard error in strict mode."""
import torch


class StrictTokenizer:
    def __init__(self, vocab, max_len=12, pad_id=0):
        self.vocab = dict(vocab)
        self.max_len = max_len
        self.pad_id = pad_id

    def encode(self, text):
        ids = [self.vocab[w] for w in text.lower().split()][: self.max_len]
        ids += [self.pad_id] * (self.max_len - len(ids))
        return torch.tensor(ids, dtype=torch.long)


class CorruptSample(Exception):
    def __init__(self, index, reason):
        super().__init__(f"sample {index}: {reason}")
        self.index = index
