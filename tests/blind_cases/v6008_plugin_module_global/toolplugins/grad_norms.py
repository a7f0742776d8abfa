"""Module-style plugin: records the global gradient norm after every backward pass."""
import torch

NAME = "grad_norms"
_host = None
_norms = []


def activate(host):
    global _host
    _host = host  # retain
    _norms.clear()


def on_after_backward(step):
    grads = [p.grad.detach().flatten() for p in _host.model.parameters() if p.grad is not None]
    _norms.append(float(torch.cat(grads).norm()))


def report():
    return {"run": _host.run_name, "max": max(_norms), "last": _norms[-1]}
