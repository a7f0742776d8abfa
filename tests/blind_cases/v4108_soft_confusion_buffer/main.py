"""Training loop that logs hard and soft (calibration-style) confusion matrices per epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tracking import NUM_CLASSES, epoch_summary, update_all


def make_batch(batch_size=32):
    x = torch.randn(batch_size, 8)
    y = (x[:, 0] > -0.5).long() + (x[:, 0] > 0.5).long()
    return x, y


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 32), nn.SiLU(), nn.Linear(32, NUM_CLASSES))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(3):
        model.train()
        for step in range(5):
            x, y = make_batch()
            logits = model(x)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            update_all(logits, y)
        print(epoch, epoch_summary())


if __name__ == "__main__":
    main()
