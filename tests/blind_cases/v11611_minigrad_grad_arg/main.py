"""Logistic-regression training with a gradient audit against the reference engine."""
import torch
import torch.nn as nn

from refgrad import Node

CFG = {"epochs": 3, "batches": 3, "lr": 0.1, "tol": 1e-5}


def reference_grads(layer, x, y):
    w = Node(layer.weight.detach().T.clone())
    b = Node(layer.bias.detach().clone())
    logits = Node(x) @ w + b
    target = Node(y)
    loss = (logits.softplus() - target * logits).mean()
    loss.backward()
    return {"weight": w.grad.T, "bias": b.grad}


def main():
    torch.manual_seed(0)
    true_w = torch.randn(6, 1)
    layer = nn.Linear(6, 1)
    opt = torch.optim.SGD(layer.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        for batch in range(CFG["batches"]):
            x = torch.randn(24, 6)
            y = (x @ true_w > 0).float()
            loss = nn.functional.binary_cross_entropy_with_logits(layer(x), y)
            opt.zero_grad()
            loss.backward()
            if batch == 0:
                ref = reference_grads(layer, x, y)
                err = max((ref[k] - getattr(layer, k).grad).abs().max().item() for k in ref)
                if err > CFG["tol"]:
                    raise RuntimeError(f"autograd mismatch: {err:.2e}")
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.4f}, audit err {err:.1e}")


if __name__ == "__main__":
    main()
