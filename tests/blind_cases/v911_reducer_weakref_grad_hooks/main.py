"""Checks that bucketed gradients match across simulated world sizes."""
import torch
import torch.nn as nn

from reducer import BucketedReducer


class Autoencoder(nn.Module):
    def __init__(self, dim=20, code=4):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(dim, 12), nn.ReLU(), nn.Linear(12, code))
        self.dec = nn.Sequential(nn.Linear(code, 12), nn.ReLU(), nn.Linear(12, dim))

    def forward(self, x):
        return self.dec(self.enc(x))


def train(world_size, steps=3):
    torch.manual_seed(123)
    ddp = BucketedReducer(Autoencoder(), world_size=world_size)
    opt = torch.optim.SGD(ddp.parameters(), lr=0.1)
    flat_norms = []
    for _ in range(steps):
        x = torch.randn(10, 20)
        loss = nn.functional.mse_loss(ddp(x), x)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        flat_norms.append(ddp.flush().norm().item())
        opt.step()
    return flat_norms


def main():
    for ws in (1, 2, 4):
        norms = train(ws)
        print(f"world_size={ws}: bucket norms {[round(n, 4) for n in norms]}")


if __name__ == "__main__":
    main()
