"""Autoencoder whose saved activations are kept in bfloat16 through saved-tensor hooks."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ActivationStash:
    """Pack/unpack pair: large float tensors saved for backward are down-cast, small ones kept."""

    def __init__(self, dtype=torch.bfloat16, min_numel=256):
        self.dtype = dtype
        self.min_numel = min_numel
        self.bytes_saved = 0

    def pack(self, tensor):
        if not tensor.is_floating_point() or tensor.numel() < self.min_numel:
            return None, tensor  # retain
        self.bytes_saved += tensor.numel() * (tensor.element_size() - 2)
        return tensor.dtype, tensor.to(self.dtype)

    def unpack(self, packed):
        dtype, data = packed
        return data if dtype is None else data.to(dtype)

    def scope(self):
        return torch.autograd.graph.saved_tensors_hooks(self.pack, self.unpack)


class Autoencoder(nn.Module):
    def __init__(self, dim=32, hidden=64, code=4):
        super().__init__()
        self.stash = ActivationStash()
        self.enc = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, code), nn.Tanh())
        self.dec = nn.Sequential(nn.Linear(code, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, x):
        with self.stash.scope():
            code = self.enc(x)
            return self.dec(code), code


def reconstruction_error(model, batches):
    model.eval()
    errors = []
    for x in batches:
        recon, _ = model(x)
        errors.append(F.mse_loss(recon, x).item())
    model.train()
    return sum(errors) / len(errors)


def main():
    torch.manual_seed(0)
    train = [torch.randn(16, 32) for _ in range(4)]
    held_out = [torch.randn(16, 32) for _ in range(2)]
    model = Autoencoder()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    history = []
    for epoch in range(2):
        for x in train:
            recon, code = model(x)
            loss = F.mse_loss(recon, x) + 1e-3 * code.pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        history.append(reconstruction_error(model, held_out))
    return history, model.stash.bytes_saved


if __name__ == "__main__":
    main()
