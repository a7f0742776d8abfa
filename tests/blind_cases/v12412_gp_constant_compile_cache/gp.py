"""Expression-tree programs for symbolic regression; ephemeral constants are trainable parameters."""
import functools

import torch
import torch.nn as nn

PRIMITIVES = {"add": (2, torch.add), "sub": (2, torch.sub), "mul": (2, torch.mul), "sin": (1, torch.sin)}


class Node:
    def __init__(self, op, children=(), var=None, value=None):
        self.op, self.children, self.var, self.value = op, list(children), var, value

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def copy(self):
        return Node(self.op, [c.copy() for c in self.children], self.var, self.value)


class Program:
    def __init__(self, root):
        self.root = root
        self.const_nodes = [n for n in root.walk() if n.op == "const"]
        self.constants = [nn.Parameter(torch.tensor(float(n.value))) for n in self.const_nodes]
        self.key = self._signature(root, iter(range(len(self.const_nodes))))
        self.fitness = None

    def _signature(self, node, slots):
        if node.op == "var":
            return f"x{node.var}"
        if node.op == "const":
            node.slot = next(slots)
            return f"c{node.slot}"
        return f"{node.op}(" + ",".join(self._signature(c, slots) for c in node.children) + ")"

    def __hash__(self):
        return hash(self.key)

    def __eq__(self, other):
        return isinstance(other, Program) and self.key == other.key

    def __call__(self, x):
        fn = compile_program(self)  # retain
        return fn(x, self.constants).expand(len(x))

    def write_back(self):
        for node, param in zip(self.const_nodes, self.constants):
            node.value = param.item()


@functools.lru_cache(maxsize=None)
def compile_program(program):
    return _build(program.root)


def _build(node):
    if node.op == "var":
        i = node.var
        return lambda x, c: x[:, i]
    if node.op == "const":
        j = node.slot
        return lambda x, c: c[j]
    fn = PRIMITIVES[node.op][1]
    kids = [_build(child) for child in node.children]
    return lambda x, c: fn(*(k(x, c) for k in kids))


def random_tree(rng, depth, n_vars):
    if depth == 0 or rng.random() < 0.3:
        if rng.random() < 0.6:
            return Node("var", var=rng.randrange(n_vars))
        return Node("const", value=rng.uniform(-2.0, 2.0))
    op = rng.choice(sorted(PRIMITIVES))
    return Node(op, [random_tree(rng, depth - 1, n_vars) for _ in range(PRIMITIVES[op][0])])
