"""Recursive neural encoder for arithmetic expression trees."""
from dataclasses import dataclass

import torch
import torch.nn as nn

from visitor import NodeVisitor

OPS = ("+", "-", "*")


@dataclass
class Num:
    value: int


@dataclass
class BinOp:
    op: str
    left: object
    right: object


class ComposeNet(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.digits = nn.Embedding(10, dim)
        self.compose = nn.ModuleDict({op: nn.Linear(2 * dim, dim) for op in ("add", "sub", "mul")})
        self.readout = nn.Linear(dim, 1)


class RecursiveEncoder(NodeVisitor):
    names = {"+": "add", "-": "sub", "*": "mul"}

    def __init__(self, net):
        self.net = net

    def visit_Num(self, node):
        return self.net.digits(torch.tensor([node.value]))

    def visit_BinOp(self, node):
        left = self.visit(node.left)
        right = self.visit(node.right)
        layer = self.net.compose[self.names[node.op]]
        return torch.tanh(layer(torch.cat([left, right], -1)))

    def predict(self, tree):
        return self.net.readout(self.visit(tree)).squeeze()
