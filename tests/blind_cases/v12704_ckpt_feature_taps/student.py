"""Student encoder with optional activation checkpointing."""
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.ff = nn.Sequential(nn.Linear(width, 2 * width), nn.GELU(), nn.Linear(2 * width, width))

    def forward(self, h, taps):
        out = h + self.ff(self.norm(h))
        taps.record(out)
        return out


class Student(nn.Module):
    def __init__(self, in_dim, width, depth, classes, grad_ckpt=True):
        super().__init__()
        self.embed = nn.Linear(in_dim, width)
        self.blocks = nn.ModuleList(Block(width) for _ in range(depth))
        self.head = nn.Linear(width, classes)
        self.grad_ckpt = grad_ckpt

    def forward(self, x, taps):
        h = self.embed(x)
        for block in self.blocks:
            if self.grad_ckpt and self.training:
                h = checkpoint(block, h, taps)  # retain
            else:
                h = block(h, taps)
        return self.head(h)


class Teacher(nn.Module):
    def __init__(self, in_dim, width, depth, classes):
        super().__init__()
        self.embed = nn.Linear(in_dim, width)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.Linear(width, width), nn.Tanh()) for _ in range(depth))
        self.head = nn.Linear(width, classes)

    @torch.no_grad()
    def features_and_logits(self, x):
        h, feats = self.embed(x), []
        for block in self.blocks:
            h = h + block(h)
            feats.append(h)
        return feats, self.head(h)
