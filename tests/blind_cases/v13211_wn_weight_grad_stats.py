"""MelGAN-style 1-D conv generator with weight-normalized layers. A gradient
monitor reports, per layer, the norm of the gradient with respect to the
effective weight w = g * v / ||v|| that weight_norm recomputes in every forward."""
import functools
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import weight_norm

CONFIG = {
    "mel_bins": 8,
    "channels": 16,
    "frames": 20,
    "upsample": 4,
    "batch_size": 4,
    "epochs": 2,
    "batches": 3,
    "lr": 2e-4,
}


class ResStack(nn.Module):
    def __init__(self, ch, dilations=(1, 3)):
        super().__init__()
        self.convs = nn.ModuleList(
            weight_norm(nn.Conv1d(ch, ch, 3, dilation=d, padding=d)) for d in dilations)

    def forward(self, x):
        for conv in self.convs:
            x = x + conv(F.leaky_relu(x, 0.2))
        return x


class Generator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        ch = cfg["channels"]
        self.pre = weight_norm(nn.Conv1d(cfg["mel_bins"], ch, 7, padding=3))
        self.up = weight_norm(nn.ConvTranspose1d(ch, ch // 2, 2 * cfg["upsample"],
                                                 stride=cfg["upsample"], padding=cfg["upsample"] // 2))
        self.res = ResStack(ch // 2)
        self.post = weight_norm(nn.Conv1d(ch // 2, 1, 7, padding=3))

    def forward(self, mel):
        x = self.up(F.leaky_relu(self.pre(mel), 0.2))
        return torch.tanh(self.post(F.leaky_relu(self.res(x), 0.2)))


def _record(grad_norms, name, grad):
    grad_norms[name].append(grad.norm().item())


def _watch(grad_norms, name, module, inputs, output):
    if torch.is_grad_enabled() and module.weight.requires_grad:
        module.weight.register_hook(functools.partial(_record, grad_norms, name))


class EffectiveWeightMonitor:
    def __init__(self, model):
        self.grad_norms = defaultdict(list)
        self.handles = []
        for name, module in model.named_modules():
            if hasattr(module, "weight_g"):
                hook = functools.partial(_watch, self.grad_norms, name)
                self.handles.append(module.register_forward_hook(hook))

    def summary(self):
        return {name: sum(v) / len(v) for name, v in self.grad_norms.items() if v}


def fake_batch(cfg):
    mel = torch.randn(cfg["batch_size"], cfg["mel_bins"], cfg["frames"])
    wav = torch.tanh(torch.randn(cfg["batch_size"], 1, cfg["frames"] * cfg["upsample"]))
    return mel, wav


def train(cfg, seed):
    torch.manual_seed(seed)
    gen = Generator(cfg)
    monitor = EffectiveWeightMonitor(gen)
    opt = torch.optim.Adam(gen.parameters(), lr=cfg["lr"], betas=(0.5, 0.9))
    for epoch in range(cfg["epochs"]):
        for step in range(cfg["batches"]):
            mel, wav = fake_batch(cfg)
            loss = F.l1_loss(gen(mel), wav)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return monitor.summary()


def main():
    for seed in range(2):
        stats = train(CONFIG, seed)
        assert stats


if __name__ == "__main__":
    main()
