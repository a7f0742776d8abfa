"""Progress reporting with a smoothed loss window and per-epoch validation accuracy."""
from collections import deque

import torch
import torch.nn as nn
import torch.nn.functional as F

RECENT_LOSSES = deque(maxlen=10)
EPOCH_ACCURACY = {}


def main():
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    val_x, val_y = torch.randn(40, 10), torch.randint(0, 4, (40,))
    for epoch in range(3):
        model.train()
        for step in range(5):
            x, y = torch.randn(16, 10), torch.randint(0, 4, (16,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            RECENT_LOSSES.append(loss.item())
        model.eval()
        with torch.no_grad():
            logits = model(val_x)
        EPOCH_ACCURACY[epoch] = (logits.argmax(-1) == val_y).float().mean().item()
        smooth = sum(RECENT_LOSSES) / len(RECENT_LOSSES)
        print(f"epoch {epoch}: loss~{smooth:.3f} acc {EPOCH_ACCURACY[epoch]:.2f}")


if __name__ == "__main__":
    main()
