"""Multi-scale training: every step draws a new input resolution."""
import random

import torch

from model import PyramidDetector

SCALES = (64, 80, 96)


def random_targets(n, size):
    out = []
    for _ in range(n):
        xy = torch.rand(2, 2) * (size - 40)
        wh = 12 + torch.rand(2, 2) * 24
        out.append((torch.cat([xy, xy + wh], 1), torch.randint(0, 3, (2,))))
    return out


def main():
    random.seed(0)
    torch.manual_seed(0)
    model = PyramidDetector()
    opt = torch.optim.SGD(model.parameters(), lr=0.005, momentum=0.9, weight_decay=1e-4)
    for epoch in range(2):
        for step in range(4):
            size = random.choice(SCALES)
            loss = model.loss(torch.randn(2, 3, size, size), random_targets(2, size))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} size={size} loss={loss.item():.3f}")


if __name__ == "__main__":
    main()
