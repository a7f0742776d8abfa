"""Autoencoder training with a buffered metrics logger."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tracking import log_train


def main():
    torch.manual_seed(0)
    enc = nn.Sequential(nn.Linear(20, 8), nn.ReLU())
    dec = nn.Linear(8, 20)
    params = list(enc.parameters()) + list(dec.parameters())
    opt = torch.optim.Adam(params, lr=2e-3)
    for step in range(6):
        x = torch.randn(32, 20)
        z = enc(x)
        recon = F.mse_loss(dec(z), x)
        sparsity = z.abs().mean()
        loss = recon + 1e-2 * sparsity
        opt.zero_grad()
        loss.backward()
        opt.step()
        log_train(step, loss=loss, recon=recon, sparsity=sparsity)
    print("\n".join(log_train.flush()[-2:]))


if __name__ == "__main__":
    main()
