"""Denoising autoencoder runs with per-run plugins wired into a layered hook table."""
import torch
import torch.nn as nn

from hooks import HookTable


class LinearWarmup:
    def __init__(self, optimizer, warmup_steps):
        self.optimizer = optimizer
        self.base = [g["lr"] for g in optimizer.param_groups]
        self.warmup_steps = warmup_steps
        self.step = 0

    def batch_end(self, **_):
        self.step += 1
        scale = min(1.0, (self.step + 1) / self.warmup_steps)
        for group, base in zip(self.optimizer.param_groups, self.base):
            group["lr"] = base * scale


class CodeSparsity:
    def __init__(self, encoder):
        self.encoder = encoder
        self.per_epoch = []

    def epoch_end(self, epoch, probe, **_):
        with torch.no_grad():
            self.per_epoch.append(float((self.encoder(probe) == 0).float().mean()))


def train_run(code_dim, epochs=2):
    encoder = nn.Sequential(nn.Linear(20, code_dim), nn.ReLU())
    decoder = nn.Linear(code_dim, 20)
    optimizer = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=3e-3)
    hooks = HookTable()
    sparsity = CodeSparsity(encoder)
    for plugin in (LinearWarmup(optimizer, warmup_steps=4), sparsity):
        for event in ("epoch_start", "batch_end", "epoch_end"):
            if hasattr(plugin, event):
                hooks.add(event, getattr(plugin, event))
    g = torch.Generator().manual_seed(code_dim)
    data = [torch.randn(32, 20, generator=g) for _ in range(3)]
    for epoch in range(epochs):
        hooks.fire("epoch_start", epoch=epoch)
        for clean in data:
            noisy = clean + 0.1 * torch.randn(clean.shape, generator=g)
            loss = nn.functional.mse_loss(decoder(encoder(noisy)), clean)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            hooks.fire("batch_end", loss=loss.item())
        hooks.fire("epoch_end", epoch=epoch, probe=data[0])
    return sparsity.per_epoch


def main():
    for code_dim in (4, 8, 12):
        print(code_dim, train_run(code_dim))


if __name__ == "__main__":
    main()
