"""Width sweep; each model registers itself so mode switches can be applied globally."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import registry


class RegisteredMLP(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, width), nn.ReLU(), nn.Linear(width, 1))
        registry.register(f"mlp{width}", self)

    def forward(self, x):
        return self.net(x)


def trial(width):
    model = RegisteredMLP(width)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    registry.set_train_mode(True)
    for _ in range(3):
        x = torch.randn(16, 4)
        loss = F.mse_loss(model(x), x.sum(1, keepdim=True))
        opt.zero_grad()
        loss.backward()
        opt.step()
    registry.set_train_mode(False)
    return loss.item()


def main():
    results = {w: trial(w) for w in (4, 8, 16)}
    print(results, registry.live_names())


if __name__ == "__main__":
    main()
