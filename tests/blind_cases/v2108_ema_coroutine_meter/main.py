"""Autoencoder training with smoothed-loss logging and gradient-norm tracking."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from meters import GRAD_NORM, TRAIN_LOSS


class AutoEncoder(nn.Module):
    def __init__(self, dim, code):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, code))
        self.decoder = nn.Sequential(nn.Linear(code, 16), nn.ReLU(), nn.Linear(16, dim))

    def forward(self, x):
        return self.decoder(self.encoder(x))


def train(model, batches, epochs, log_every=3):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    log = []
    step = 0
    for epoch in range(epochs):
        for x in batches:
            loss = F.mse_loss(model(x), x)
            opt.zero_grad()
            loss.backward()
            norm = nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            smoothed = TRAIN_LOSS.send(loss)
            worst = GRAD_NORM.send(float(norm))
            step += 1
            if step % log_every == 0:
                log.append((epoch, step, float(smoothed), worst))
    return log


def main():
    torch.manual_seed(0)
    batches = [torch.randn(16, 10) for _ in range(4)]
    for code in (2, 4):
        train(AutoEncoder(10, code), batches, epochs=2)


if __name__ == "__main__":
    main()
