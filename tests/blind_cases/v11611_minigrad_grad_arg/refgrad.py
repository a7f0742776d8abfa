"""Small reverse-mode reference engine; each node's backward receives its output gradient."""
import torch


def _reduce_to(grad, shape):
    while grad.dim() > len(shape):
        grad = grad.sum(0)
    return grad


class Node:
    def __init__(self, data, parents=(), backward=None):
        self.data = data
        self.grad = torch.zeros_like(data)
        self.parents = parents
        self.backward_fn = backward

    def __matmul__(self, other):
        def backward(g):
            self.grad += g @ other.data.T
            other.grad += self.data.T @ g
        return Node(self.data @ other.data, (self, other), backward)

    def __add__(self, other):
        def backward(g):
            self.grad += _reduce_to(g, self.data.shape)
            other.grad += _reduce_to(g, other.data.shape)
        return Node(self.data + other.data, (self, other), backward)

    def __sub__(self, other):
        def backward(g):
            self.grad += g
            other.grad -= g
        return Node(self.data - other.data, (self, other), backward)

    def __mul__(self, other):
        def backward(g):
            self.grad += g * other.data
            other.grad += g * self.data
        return Node(self.data * other.data, (self, other), backward)

    def softplus(self):
        return Node(torch.nn.functional.softplus(self.data), (self,),
                    lambda g: self.grad.add_(g * torch.sigmoid(self.data)))

    def mean(self):
        return Node(self.data.mean(), (self,),
                    lambda g: self.grad.add_(g.expand_as(self.data) / self.data.numel()))

    def backward(self):
        order, seen = [], set()
        stack = [(self, iter(self.parents))]
        seen.add(id(self))
        while stack:
            node, it = stack[-1]
            parent = next(it, None)
            if parent is None:
                order.append(node)
                stack.pop()
            elif id(parent) not in seen:
                seen.add(id(parent))
                stack.append((parent, iter(parent.parents)))
        self.grad = torch.ones_like(self.data)
        for node in reversed(order):
            if node.backward_fn is not None:
                node.backward_fn(node.grad)
