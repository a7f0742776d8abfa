"""Bidirectional-sibling Tree-GRU over bracketed parse trees (topic classification)."""
import random
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB = ["the", "a", "cat", "dog", "sat", "ran", "on", "under", "mat", "tree", "big", "old"]
SENTENCES = [
    ("(S (NP the cat) (VP sat (PP on (NP the mat))))", 0),
    ("(S (NP a big dog) (VP ran (PP under (NP the old tree))))", 1),
    ("(S (NP the old cat) (VP ran))", 0),
    ("(S (NP a dog) (VP sat (PP on (NP a mat))))", 1),
]


class TreeNode:
    def __init__(self, label, parent=None):
        self.label = label
        self.parent = weakref.ref(parent) if parent is not None else None
        self.children = []
        self.prev_sibling = None
        self.next_sibling = None

    def add_child(self, node):
        if self.children:
            prev = self.children[-1]
            node.prev_sibling = prev  # cycle
            prev.next_sibling = node  # cycle
        self.children.append(node)

    @property
    def first_child(self):
        return self.children[0] if self.children else None

    @property
    def last_child(self):
        return self.children[-1] if self.children else None


def parse_bracketed(text):
    tokens = text.replace("(", " ( ").replace(")", " ) ").split()
    stack, root = [], None
    for i, tok in enumerate(tokens):
        if tok == "(":
            node = TreeNode(tokens[i + 1], stack[-1] if stack else None)
            if stack:
                stack[-1].add_child(node)
            stack.append(node)
            root = root or node
        elif tok == ")":
            stack.pop()
        elif tokens[i - 1] != "(":
            stack[-1].add_child(TreeNode(tok, stack[-1]))
    return root


class SiblingTreeGRU(nn.Module):
    def __init__(self, dim, num_classes=2):
        super().__init__()
        self.words = nn.Embedding(len(VOCAB), dim)
        self.left_to_right = nn.GRUCell(dim, dim)
        self.right_to_left = nn.GRUCell(dim, dim)
        self.merge = nn.Linear(2 * dim, dim)
        self.out = nn.Linear(dim, num_classes)

    def encode(self, node):
        if not node.children:
            return self.words(torch.tensor([VOCAB.index(node.label)]))
        states = {id(child): self.encode(child) for child in node.children}
        fwd = torch.zeros_like(next(iter(states.values())))
        child = node.first_child
        while child is not None:
            fwd = self.left_to_right(states[id(child)], fwd)
            child = child.next_sibling
        bwd = torch.zeros_like(fwd)
        child = node.last_child
        while child is not None:
            bwd = self.right_to_left(states[id(child)], bwd)
            child = child.prev_sibling
        return torch.tanh(self.merge(torch.cat([fwd, bwd], -1)))

    def forward(self, root):
        return self.out(self.encode(root))


def main():
    torch.manual_seed(0)
    rng = random.Random(0)
    model = SiblingTreeGRU(dim=16)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        order = list(SENTENCES)
        rng.shuffle(order)
        for text, label in order:
            tree = parse_bracketed(text)
            loss = F.cross_entropy(model(tree), torch.tensor([label]))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} last loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
