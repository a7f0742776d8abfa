"""Recursion-free child-sum Tree-LSTM for deep dependency trees, with a node budget per tree."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

_FRAMES = []  # explicit traversal stack shared by all encoder calls


class DepNode:
    def __init__(self, token, children=()):
        self.token = token
        self.children = list(children)


class Frame:
    __slots__ = ("node", "next_child", "child_h", "child_c")

    def __init__(self, node):
        self.node = node
        self.next_child = 0
        self.child_h = []
        self.child_c = []


class ChildSumCell(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.dim = dim
        self.embed = nn.Embedding(vocab, dim)
        self.iou = nn.Linear(2 * dim, 3 * dim)
        self.forget = nn.Linear(2 * dim, dim)

    def forward(self, token, child_h, child_c):
        x = self.embed(torch.tensor([token]))
        if not child_h:
            child_h = child_c = [x.new_zeros(1, self.dim)]
        hs, cs = torch.cat(child_h), torch.cat(child_c)
        i, o, u = self.iou(torch.cat([x, hs.sum(0, keepdim=True)], -1)).chunk(3, -1)
        f = torch.sigmoid(self.forget(torch.cat([x.expand_as(hs), hs], -1)))
        c = torch.sigmoid(i) * torch.tanh(u) + (f * cs).sum(0, keepdim=True)
        return torch.sigmoid(o) * torch.tanh(c), c


def encode(cell, root, max_nodes):
    base = len(_FRAMES)
    _FRAMES.append(Frame(root))  # retain
    visited, h = 0, None
    while len(_FRAMES) > base:
        frame = _FRAMES[-1]
        if frame.next_child < len(frame.node.children):
            child = frame.node.children[frame.next_child]
            frame.next_child += 1
            _FRAMES.append(Frame(child))  # retain
            continue
        _FRAMES.pop()
        h, c = cell(frame.node.token, frame.child_h, frame.child_c)
        visited += 1
        if len(_FRAMES) > base:
            _FRAMES[-1].child_h.append(h)
            _FRAMES[-1].child_c.append(c)
        if visited >= max_nodes:
            return h
    return h


def random_tree(rng, vocab, size):
    nodes = [DepNode(rng.randrange(vocab))]
    for _ in range(size - 1):
        child = DepNode(rng.randrange(vocab))
        rng.choice(nodes[-4:]).children.append(child)
        nodes.append(child)
    return nodes[0]


def main():
    rng = random.Random(0)
    torch.manual_seed(0)
    vocab, dim = 30, 12
    data = [(random_tree(rng, vocab, rng.randrange(5, 40)), rng.randrange(2)) for _ in range(16)]
    cell = ChildSumCell(vocab, dim)
    head = nn.Linear(dim, 2)
    opt = torch.optim.Adam(list(cell.parameters()) + list(head.parameters()), lr=1e-2)
    for epoch in range(2):
        total = 0.0
        for tree, label in data:
            loss = F.cross_entropy(head(encode(cell, tree, max_nodes=32)), torch.tensor([label]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: mean loss {total / len(data):.3f}")


if __name__ == "__main__":
    main()
