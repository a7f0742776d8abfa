"""Word-level tokenizer with per-instance memoised normalisation and vocabulary lookups."""
import functools
import re
import unicodedata

import torch
import torch.nn as nn
import torch.nn.functional as F

_WORD_RE = re.compile(r"[a-z0-9']+|[^\sa-z0-9]")


class Vocab:
    def __init__(self, tokens, unk="<unk>", pad="<pad>"):
        self.itos = [pad, unk] + sorted(set(tokens))
        self.stoi = {tok: i for i, tok in enumerate(self.itos)}
        self.pad_id, self.unk_id = 0, 1

    def lookup(self, token):
        return self.stoi.get(token, self.unk_id)

    def __len__(self):
        return len(self.itos)


def normalize_word(word):
    word = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in word if not unicodedata.combining(ch)).lower()


class WordTokenizer:
    def __init__(self, vocab, cache_size=4096):
        self.vocab = vocab
        self._lookup = functools.lru_cache(maxsize=cache_size)(vocab.lookup)
        self._normalize = functools.lru_cache(maxsize=cache_size)(normalize_word)

    def __call__(self, text, max_len):
        words = _WORD_RE.findall(self._normalize(text))
        ids = [self._lookup(w) for w in words][:max_len]
        return ids + [self.vocab.pad_id] * (max_len - len(ids))

    def cache_report(self):
        return self._lookup.cache_info().hits, self._normalize.cache_info().hits


CORPUS = [
    ("Great café, friendly staff!", 1), ("The coffee was cold.", 0), ("Loved the pastries", 1),
    ("Rude staff and slow service", 0), ("Friendly, fast and great!", 1), ("cold food, never again", 0),
]


class SentimentModel(nn.Module):
    def __init__(self, vocab_size, dim=16):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, dim, mode="mean", padding_idx=0)
        self.out = nn.Linear(dim, 2)

    def forward(self, ids):
        return self.out(self.embed(ids))


def run(seed, epochs=3, max_len=8):
    torch.manual_seed(seed)
    words = [w for text, _ in CORPUS for w in _WORD_RE.findall(normalize_word(text))]
    tokenizer = WordTokenizer(Vocab(words))
    model = SentimentModel(len(tokenizer.vocab))
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for _ in range(epochs):
        ids = torch.tensor([tokenizer(text, max_len) for text, _ in CORPUS])
        labels = torch.tensor([label for _, label in CORPUS])
        loss = F.cross_entropy(model(ids), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), tokenizer.cache_report()


def main():
    for seed in range(3):
        loss, hits = run(seed)
        print(f"seed {seed}: loss {loss:.4f}, cache hits {hits}")


if __name__ == "__main__":
    main()
