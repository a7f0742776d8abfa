"""Reference reverse-mode engine over plain tensors, used to audit torch.autograd."""
import torch


def _unbroadcast(grad, shape):
    while grad.dim() > len(shape):
        grad = grad.sum(0)
    return grad


class Value:
    def __init__(self, data, parents=(), op=""):
        self.data = data
        self.grad = torch.zeros_like(data)
        self.parents = parents
        self.op = op
        self._backward = lambda: None

    def __matmul__(self, other):
        out = Value(self.data @ other.data, (self, other), "@")

        def _backward():  # cycle
            self.grad += out.grad @ other.data.T
            other.grad += self.data.T @ out.grad
        out._backward = _backward  # cycle
        return out

    def __add__(self, other):
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():  # cycle
            self.grad += _unbroadcast(out.grad, self.data.shape)
            other.grad += _unbroadcast(out.grad, other.data.shape)
        out._backward = _backward  # cycle
        return out

    def __sub__(self, other):
        out = Value(self.data - other.data, (self, other), "-")

        def _backward():  # cycle
            self.grad += out.grad
            other.grad -= out.grad
        out._backward = _backward  # cycle
        return out

    def relu(self):
        out = Value(self.data.clamp(min=0), (self,), "relu")

        def _backward():  # cycle
            self.grad += (self.data > 0).to(out.grad.dtype) * out.grad
        out._backward = _backward  # cycle
        return out

    def square_mean(self):
        out = Value(self.data.pow(2).mean(), (self,), "sqmean")

        def _backward():  # cycle
            self.grad += 2.0 * self.data / self.data.numel() * out.grad
        out._backward = _backward  # cycle
        return out

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, ready = stack.pop()
            if ready:
                order.append(node)
            elif id(node) not in seen:
                seen.add(id(node))
                stack.append((node, True))
                stack.extend((p, False) for p in node.parents)
        self.grad = torch.ones_like(self.data)
        for node in reversed(order):
            node._backward()
