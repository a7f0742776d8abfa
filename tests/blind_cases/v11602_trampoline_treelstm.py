"""Child-sum Tree-LSTM sentiment model with a recursion-free, generator-driven encoder."""
import torch
import torch.nn as nn

CONFIG = {"dim": 16, "vocab": 50, "max_nodes": 12, "epochs": 2, "lr": 0.05}


class TreeNode:
    def __init__(self, token, children=()):
        self.token = token
        self.children = list(children)


def random_tree(gen, n_nodes):
    nodes = [TreeNode(int(torch.randint(CONFIG["vocab"], (1,), generator=gen)))]
    for _ in range(n_nodes - 1):
        parent = nodes[int(torch.randint(len(nodes), (1,), generator=gen))]
        child = TreeNode(int(torch.randint(CONFIG["vocab"], (1,), generator=gen)))
        parent.children.append(child)
        nodes.append(child)
    return nodes[0]


class ChildSumCell(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.iou = nn.Linear(2 * dim, 3 * dim)
        self.f = nn.Linear(2 * dim, dim)

    def forward(self, token, child_states):
        x = self.embed(torch.tensor([token]))
        if child_states:
            hs = torch.cat([h for h, _ in child_states])
            cs = torch.cat([c for _, c in child_states])
        else:
            hs = cs = torch.zeros(1, x.shape[1])
        h_sum = hs.sum(0, keepdim=True)
        i, o, u = self.iou(torch.cat([x, h_sum], -1)).chunk(3, -1)
        f = torch.sigmoid(self.f(torch.cat([x.expand_as(hs), hs], -1)))
        c = torch.sigmoid(i) * torch.tanh(u) + (f * cs).sum(0, keepdim=True)
        return torch.sigmoid(o) * torch.tanh(c), c


def _visit(cell, node, stack, done):
    child_states = []
    for child in node.children:
        stack.append(_visit(cell, child, stack, done))  # cycle
        yield
        child_states.append(done.pop())
    done.append(cell(node.token, child_states))


def encode(cell, root, max_nodes):
    stack, done = [], []
    stack.append(_visit(cell, root, stack, done))  # cycle
    visited = 0
    while stack:
        try:
            next(stack[-1])
            visited += 1
        except StopIteration:
            stack.pop()
        if visited >= max_nodes and done:
            return done[-1][0]
    return done[-1][0]


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(3)
    trees = [random_tree(gen, n) for n in (5, 9, 14, 20)]
    labels = torch.tensor([0., 1., 1., 0.])
    cell = ChildSumCell(CONFIG["vocab"], CONFIG["dim"])
    head = nn.Linear(CONFIG["dim"], 1)
    opt = torch.optim.Adagrad(list(cell.parameters()) + list(head.parameters()), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        for tree, y in zip(trees, labels):
            h = encode(cell, tree, CONFIG["max_nodes"])
            loss = nn.functional.binary_cross_entropy_with_logits(head(h).view(()), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: last loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
