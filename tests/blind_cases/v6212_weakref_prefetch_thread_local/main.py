"""Denoising autoencoder runs over a small sweep of noise levels, each with its own loader."""
import torch
import torch.nn as nn
from torch.utils.data import Dataset

from prefetch import ThreadedBatchLoader


class NoisySignals(Dataset):
    def __init__(self, n, dim, noise, seed):
        g = torch.Generator().manual_seed(seed)
        self.clean = torch.sin(torch.linspace(0, 6.28, dim) * torch.rand(n, 1, generator=g) * 4)
        self.noisy = self.clean + noise * torch.randn(n, dim, generator=g)

    def __len__(self):
        return len(self.clean)

    def __getitem__(self, idx):
        return self.noisy[idx], self.clean[idx]


def run(noise, steps=5):
    loader = ThreadedBatchLoader(NoisySignals(40, 16, noise, seed=7), batch_size=8)
    model = nn.Sequential(nn.Linear(16, 8), nn.Tanh(), nn.Linear(8, 16))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for step, (noisy, clean) in enumerate(loader):
        loss = nn.functional.mse_loss(model(noisy), clean)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step + 1 == steps:
            break
    return loss.item()


def main():
    for noise in (0.1, 0.3):
        print("noise %.1f loss %.4f" % (noise, run(noise)))


if __name__ == "__main__":
    main()
