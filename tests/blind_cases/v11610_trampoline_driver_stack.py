"""Binary Tree-GRU over constituency trees, encoded without recursion by a driver loop."""
import torch
import torch.nn as nn

CFG = {"dim": 12, "vocab": 40, "node_budget": 10, "steps": 6}


class Leaf:
    def __init__(self, token):
        self.token = token


class Branch:
    def __init__(self, left, right):
        self.left, self.right = left, right


def right_branching(tokens):
    tree = Leaf(tokens[-1])
    for tok in reversed(tokens[:-1]):
        tree = Branch(Leaf(tok), tree)
    return tree


class BinaryTreeGRU(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.gates = nn.Linear(2 * dim, 3 * dim)

    def leaf(self, token):
        return torch.tanh(self.embed(torch.tensor([token])))

    def compose(self, hl, hr):
        z, r, n = self.gates(torch.cat([hl, hr], -1)).chunk(3, -1)
        z = torch.sigmoid(z)
        return z * (hl + hr) / 2 + (1 - z) * torch.tanh(n * torch.sigmoid(r))


def _node_program(model, node):
    if isinstance(node, Leaf):
        return model.leaf(node.token)
    hl = yield node.left
    hr = yield node.right
    return model.compose(hl, hr)


def encode(model, root, budget):
    stack = [_node_program(model, root)]
    value, spent, partial = None, 0, []
    while stack:
        try:
            child = stack[-1].send(value)
            stack.append(_node_program(model, child))
            value = None
        except StopIteration as stop:
            stack.pop()
            value = stop.value
            partial.append(value)
        spent += 1
        if spent >= budget:
            return torch.cat(partial).mean(0, keepdim=True)
    return value


def main():
    torch.manual_seed(0)
    model = BinaryTreeGRU(CFG["vocab"], CFG["dim"])
    clf = nn.Linear(CFG["dim"], 2)
    opt = torch.optim.Adam(list(model.parameters()) + list(clf.parameters()), lr=1e-2)
    for step in range(CFG["steps"]):
        length = 3 + 2 * step
        tokens = torch.randint(CFG["vocab"], (length,)).tolist()
        h = encode(model, right_branching(tokens), CFG["node_budget"])
        loss = nn.functional.cross_entropy(clf(h), torch.tensor([step % 2]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: {length} tokens, loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
