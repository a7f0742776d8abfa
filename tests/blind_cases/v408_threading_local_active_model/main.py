"""Trainer that installs the model into the runtime context before each fit()."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from runtime_ctx import l2_penalty, set_active_model


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)

    def fit(self, steps):
        set_active_model(self.model)
        self.model.train()
        for _ in range(steps):
            x = torch.randn(16, 12)
            y = torch.randint(0, 3, (16,))
            loss = F.cross_entropy(self.model(x), y) + l2_penalty()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()


def main():
    torch.manual_seed(0)
    for width in (16, 32):
        model = nn.Sequential(nn.Linear(12, width), nn.ReLU(), nn.Linear(width, 3))
        print(width, round(Trainer(model).fit(steps=3), 4))


if __name__ == "__main__":
    main()
