"""Recursive Tree-GRU over right-branching binarized documents; over-deep documents are skipped and reported."""
import random
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

SKIPPED = []


@dataclass
class Leaf:
    token: int


@dataclass
class Pair:
    left: object
    right: object


def binarize_right(tokens):
    tree = Leaf(tokens[-1])
    for tok in reversed(tokens[:-1]):
        tree = Pair(Leaf(tok), tree)
    return tree


class TreeGRU(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.combine = nn.GRUCell(dim, dim)
        self.head = nn.Linear(dim, classes)

    def encode(self, node):
        if isinstance(node, Leaf):
            return torch.tanh(self.embed(torch.tensor([node.token])))
        left = self.encode(node.left)
        right = self.encode(node.right)
        return self.combine(left, right)

    def forward(self, tree):
        return self.head(self.encode(tree))


def run_epoch(model, opt, docs, epoch):
    total, used = 0.0, 0
    for index, (tree, label) in enumerate(docs):
        try:
            logits = model(tree)
        except RecursionError as err:
            SKIPPED.append((epoch, index, err))  # retain
            continue
        loss = F.cross_entropy(logits, torch.tensor([label]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        total, used = total + loss.item(), used + 1
    return total / max(used, 1)


def main():
    rng = random.Random(0)
    torch.manual_seed(0)
    docs = []
    for length in (12, 30, 45, 1500, 25, 60):
        tokens = [rng.randrange(50) for _ in range(length)]
        docs.append((binarize_right(tokens), int(sum(tokens) % 2)))
    model = TreeGRU(vocab=50, dim=8, classes=2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        loss = run_epoch(model, opt, docs, epoch)
        print(f"epoch {epoch}: loss {loss:.3f}")
    for epoch, index, err in SKIPPED:
        print(f"epoch {epoch}: skipped document {index} ({type(err).__name__}: {err})")


if __name__ == "__main__":
    main()
