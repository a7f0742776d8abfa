"""Token vocabulary with a frequency cut-off and an out-of-vocabulary fallback."""
from collections import Counter, defaultdict


class Vocab:
    """Maps tokens to contiguous ids; tokens never seen map to the <unk> id."""

    def __init__(self, counter, specials=("<pad>", "<unk>"), min_freq=1, max_size=None):
        self.specials = tuple(specials)
        self.unk_token = "<unk>" if "<unk>" in self.specials else None
        self.itos = list(self.specials)
        ranked = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
        for token, freq in ranked:
            if freq < min_freq or (max_size is not None and len(self.itos) >= max_size):
                break
            if token not in self.specials:
                self.itos.append(token)
        self.stoi = defaultdict(self._default_index)  # cycle
        self.stoi.update((tok, i) for i, tok in enumerate(self.itos))

    @classmethod
    def from_texts(cls, texts, tokenize, **kwargs):
        counter = Counter()
        for text in texts:
            counter.update(tokenize(text))
        return cls(counter, **kwargs)

    def _default_index(self):
        if self.unk_token is None:
            raise KeyError("out-of-vocabulary token and no <unk> special")
        return self.itos.index(self.unk_token)

    @property
    def pad_index(self):
        return self.stoi["<pad>"]

    def __len__(self):
        return len(self.itos)

    def __contains__(self, token):
        return token in self.stoi

    def __getitem__(self, token):
        return self.stoi[token]

    def lookup_indices(self, tokens):
        return [self.stoi[tok] for tok in tokens]

    def lookup_tokens(self, indices):
        return [self.itos[i] for i in indices]
