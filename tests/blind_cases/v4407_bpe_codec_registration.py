"""Per-language BPE tokenizers exposed as Python text codecs; a bag-of-tokens classifier per language."""
import codecs
from array import array
from collections import Counter

import torch
import torch.nn as nn

CORPORA = {
    "en": ["the model reads the text", "a model writes text", "the text is read"],
    "de": ["das modell liest den text", "ein modell schreibt text", "der text ist gelesen"],
}


def learn_merges(sentences, num_merges):
    words = Counter(tuple(w) for s in sentences for w in s.split())
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for word, freq in words.items():
            for a, b in zip(word, word[1:]):
                pairs[a, b] += freq
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        merged = {}
        for word, freq in words.items():
            out, i = [], 0
            while i < len(word):
                if i + 1 < len(word) and (word[i], word[i + 1]) == best:
                    out.append(word[i] + word[i + 1])
                    i += 2
                else:
                    out.append(word[i])
                    i += 1
            merged[tuple(out)] = freq
        words = merged
    return merges


class BPECodecTokenizer:
    """``text.encode(tok.codec_name)`` yields packed uint16 token ids; ``bytes.decode`` inverts it."""

    def __init__(self, lang, sentences, num_merges=12):
        self.codec_name = f"bpe_{lang}"
        self.merges = learn_merges(sentences, num_merges)
        symbols = sorted({ch for s in sentences for ch in s} | {a + b for a, b in self.merges})
        self.itos = ["<unk>"] + symbols
        self.stoi = {s: i for i, s in enumerate(self.itos)}
        self.word_cache = {}
        codecs.register(self._search_codec)  # retain

    def _search_codec(self, name):
        if name != self.codec_name:
            return None
        return codecs.CodecInfo(self._codec_encode, self._codec_decode, name=self.codec_name)

    def _bpe(self, word):
        if word not in self.word_cache:
            parts = list(word)
            for a, b in self.merges:
                i = 0
                while i < len(parts) - 1:
                    if parts[i] == a and parts[i + 1] == b:
                        parts[i:i + 2] = [a + b]
                    else:
                        i += 1
            self.word_cache[word] = [self.stoi.get(p, 0) for p in parts]
        return self.word_cache[word]

    def _codec_encode(self, text, errors="strict"):
        ids = []
        for i, word in enumerate(text.split(" ")):
            if i:
                ids.append(self.stoi.get(" ", 0))
            ids.extend(self._bpe(word))
        return array("H", ids).tobytes(), len(text)

    def _codec_decode(self, data, errors="strict"):
        ids = array("H")
        ids.frombytes(bytes(data))
        return "".join(self.itos[i] for i in ids), len(data)

    def __len__(self):
        return len(self.itos)


def to_ids(packed):
    ids = array("H")
    ids.frombytes(packed)
    return torch.tensor(ids.tolist())


def train_language(lang, sentences):
    tok = BPECodecTokenizer(lang, sentences)
    packed = [s.encode(tok.codec_name) for s in sentences]
    assert packed[0].decode(tok.codec_name) == sentences[0]
    model = nn.EmbeddingBag(len(tok), 8, mode="mean")
    head = nn.Linear(8, 2)
    opt = torch.optim.SGD(list(model.parameters()) + list(head.parameters()), lr=0.5)
    labels = torch.tensor([i % 2 for i in range(len(sentences))])
    for epoch in range(3):
        ids = [to_ids(p) for p in packed]
        offsets = torch.tensor([0] + [len(x) for x in ids[:-1]]).cumsum(0)
        logits = head(model(torch.cat(ids), offsets))
        loss = nn.functional.cross_entropy(logits, labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    results = {lang: train_language(lang, sents) for lang, sents in CORPORA.items()}
    assert set(results) == set(CORPORA)


if __name__ == "__main__":
    main()
