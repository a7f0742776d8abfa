"""Sentiment treebank whose constituency trees are stored as small XML documents."""
import random
from xml.dom import minidom

import torch

WORDS = ["the", "movie", "was", "not", "very", "good", "bad", "plot", "acting",
         "great", "boring", "and", "but", "truly", "awful", "fun"]
POLARITY = {"good": 1, "great": 1, "fun": 1, "bad": -1, "boring": -1, "awful": -1}


def _random_subtree(rng, depth):
    if depth >= 3 or rng.random() < 0.3:
        word = rng.choice(WORDS)
        return f'<leaf word="{word}"/>', POLARITY.get(word, 0)
    left, ls = _random_subtree(rng, depth + 1)
    right, rs = _random_subtree(rng, depth + 1)
    score = ls + rs
    label = 2 if score > 0 else (0 if score < 0 else 1)
    return f'<node label="{label}">{left}{right}</node>', score


class XmlTreebank:
    """Keeps the raw XML and builds a DOM (with token ids attached) on demand."""

    def __init__(self, size, seed=0):
        rng = random.Random(seed)
        self.vocab = {w: i for i, w in enumerate(WORDS)}
        self.sources = []
        for _ in range(size):
            body, score = _random_subtree(rng, 0)
            label = 2 if score > 0 else (0 if score < 0 else 1)
            self.sources.append(f'<tree label="{label}">{body}</tree>')

    def __len__(self):
        return len(self.sources)

    def open(self, index):
        """Parses example `index` and attaches token ids to its leaves."""
        doc = minidom.parseString(self.sources[index])
        for leaf in doc.documentElement.getElementsByTagName("leaf"):
            token = self.vocab[leaf.getAttribute("word")]
            leaf.setUserData("ids", torch.tensor([token]), None)
        return doc
