"""SGD with gradient centralization; each param group can override the gradient transform."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Optimizer


class CentralizedSGD(Optimizer):
    def __init__(self, params, lr=0.1, momentum=0.9, weight_decay=0.0, gc_min_ndim=2,
                 grad_transform=None):
        if lr <= 0.0:
            raise ValueError(f"invalid learning rate: {lr}")
        self.gc_min_ndim = gc_min_ndim
        defaults = dict(lr=lr, momentum=momentum, weight_decay=weight_decay,
                        grad_transform=grad_transform or self.centralize)  # cycle
        super().__init__(params, defaults)  # cycle

    def centralize(self, grad):
        if grad.dim() >= self.gc_min_ndim:
            dims = tuple(range(1, grad.dim()))
            grad = grad - grad.mean(dim=dims, keepdim=True)
        return grad

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            transform = group["grad_transform"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                d_p = transform(p.grad)
                if group["weight_decay"]:
                    d_p = d_p.add(p, alpha=group["weight_decay"])
                state = self.state[p]
                buf = state.get("momentum_buffer")
                if buf is None:
                    buf = state["momentum_buffer"] = d_p.clone()
                else:
                    buf.mul_(group["momentum"]).add_(d_p)
                p.add_(buf, alpha=-group["lr"])
        return loss


def identity(grad):
    return grad


def make_model():
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10),
    )


def train(epochs=2, batches=3):
    model = make_model()
    norm_params = [p for n, p in model.named_parameters() if n.startswith("1.")]
    other_params = [p for n, p in model.named_parameters() if not n.startswith("1.")]
    opt = CentralizedSGD([
        {"params": other_params, "weight_decay": 5e-4},
        {"params": norm_params, "grad_transform": identity},
    ], lr=0.05)
    for epoch in range(epochs):
        for _ in range(batches):
            x, y = torch.randn(4, 3, 8, 8), torch.randint(0, 10, (4,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    for trial in range(3):
        print("trial", trial, "final loss", round(train(), 4))


if __name__ == "__main__":
    main()
