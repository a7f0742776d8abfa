"""Tokenizer wrapper, vocabulary builder, featurizer and padding collator for BIO tagging."""
import re
from collections import Counter

import torch

from docs import Doc

LABELS = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-ORG", "I-ORG"]


class RegexTokenizer:
    pattern = re.compile(r"\w+|[^\w\s]")

    def __call__(self, text):
        return Doc(text, [(m.group(), m.start()) for m in self.pattern.finditer(text)])


class Vocab:
    def __init__(self, docs, key, min_freq=1, specials=("<pad>", "<unk>")):
        counts = Counter(key(t) for d in docs for t in d.tokens)
        self.itos = list(specials) + sorted(w for w, c in counts.items() if c >= min_freq)
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def __getitem__(self, token):
        return self.stoi.get(token, 1)


def annotate(tokenizer, example):
    doc = tokenizer(example["text"])
    spans = [doc.char_span(s, e, label) for s, e, label in example["ents"]]
    doc.set_ents([s for s in spans if s is not None])
    return doc


def featurize(doc, words, shapes):
    return {
        "words": [words[t.text.lower()] for t in doc.tokens],
        "shapes": [shapes[t.shape] for t in doc.tokens],
        "prev_cap": [int(t.nbor(-1) is not None and t.nbor(-1).text[:1].isupper()) for t in doc.tokens],
        "tags": [LABELS.index(f"{t.ent_iob}-{t.ent_type}" if t.ent_type else "O") for t in doc.tokens],
    }


class PadCollator:
    def __init__(self, pad_id=0, tag_pad=-100):
        self.fill = {"words": pad_id, "shapes": pad_id, "prev_cap": 0, "tags": tag_pad}

    def __call__(self, rows):
        width = max(len(r["words"]) for r in rows)
        return {k: torch.tensor([r[k] + [fill] * (width - len(r[k])) for r in rows]) for k, fill in self.fill.items()}
