"""Iterative magnitude pruning with a hand-written mask-applying pre-forward hook."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MagnitudeMask:
    """Keeps a binary mask for one layer and re-applies it before every forward."""

    def __init__(self, module, name="weight", amount=0.0):
        self.module = module  # cycle
        self.name = name
        self.amount = amount
        self.mask = torch.ones_like(getattr(module, name))
        self.handle = module.register_forward_pre_hook(self)  # cycle

    def __call__(self, module, inputs):
        with torch.no_grad():
            getattr(module, self.name).mul_(self.mask)

    def step(self, amount):
        weight = getattr(self.module, self.name).detach().abs()
        k = int(amount * weight.numel())
        if k == 0:
            return
        threshold = weight.flatten().kthvalue(k).values
        self.mask = (weight > threshold).to(weight.dtype)
        self.amount = amount

    def sparsity(self):
        return 1.0 - self.mask.mean().item()


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 8, 3, padding=1)
        self.c2 = nn.Conv2d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8, 10)

    def forward(self, x):
        x = F.relu(self.c1(x))
        x = F.relu(self.c2(x))
        return self.fc(x.mean((2, 3)))


def prunable_layers(model):
    return [m for m in model.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]


def train_steps(model, opt, steps):
    for _ in range(steps):
        x = torch.randn(8, 1, 8, 8)
        y = torch.randint(0, 10, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def run_schedule(schedule):
    model = ConvNet()
    masks = [MagnitudeMask(m) for m in prunable_layers(model)]
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for amount in schedule:
        for mask in masks:
            mask.step(amount)
        train_steps(model, opt, 2)
    return sum(m.sparsity() for m in masks) / len(masks)


def main():
    for schedule in ([0.2, 0.4], [0.3, 0.6, 0.8]):
        print("mean sparsity", run_schedule(schedule))


if __name__ == "__main__":
    main()
