"""Frequency-cut vocabulary shared by the transcript tokenizers."""
from collections import Counter

SPECIALS = ("<pad>", "<unk>", "<bos>", "<eos>", "<num1>", "<num2>", "<num3+>")


class Vocab:
    def __init__(self, itos):
        self.itos = list(itos)
        self.stoi = {tok: i for i, tok in enumerate(self.itos)}
        self.pad_id = self.stoi["<pad>"]
        self.unk_id = self.stoi["<unk>"]
        self.bos_id = self.stoi["<bos>"]
        self.eos_id = self.stoi["<eos>"]

    @classmethod
    def build(cls, texts, min_freq=2, max_size=500):
        counts = Counter(w.strip(".,!?;:").lower() for t in texts for w in t.split())
        words = [w for w, c in counts.most_common(max_size) if c >= min_freq and w.isalpha()]
        return cls(list(SPECIALS) + sorted(words) + list(".,!?;:"))

    def __getitem__(self, token):
        return self.stoi.get(token, self.unk_id)

    def __len__(self):
        return len(self.itos)
