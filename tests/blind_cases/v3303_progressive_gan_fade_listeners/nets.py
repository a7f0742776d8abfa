"""Small progressive generator / discriminator pair working on 1-D 'images' of length 4 * 2**stage."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from progressive import FadeInMixin


class Generator(FadeInMixin, nn.Module):
    def __init__(self, z_dim=16, ch=8, max_stage=2):
        super().__init__()
        self.z_dim, self.ch = z_dim, ch
        self.stem = nn.Linear(z_dim, ch * 4)
        self.blocks = nn.ModuleList(nn.Conv1d(ch, ch, 3, padding=1) for _ in range(max_stage))
        self.to_out = nn.ModuleList(nn.Conv1d(ch, 1, 1) for _ in range(max_stage + 1))

    def forward(self, z):
        x = F.leaky_relu(self.stem(z).view(z.size(0), self.ch, 4), 0.2)
        prev = x
        for i in range(self.stage):
            prev = x
            x = F.leaky_relu(self.blocks[i](F.interpolate(x, scale_factor=2)), 0.2)
        out = self.to_out[self.stage](x)
        if self.stage > 0 and self.alpha < 1.0:
            skip = F.interpolate(self.to_out[self.stage - 1](prev), scale_factor=2)
            out = self.alpha * out + (1.0 - self.alpha) * skip
        return torch.tanh(out)


class Discriminator(FadeInMixin, nn.Module):
    def __init__(self, ch=8, max_stage=2):
        super().__init__()
        self.from_in = nn.ModuleList(nn.Conv1d(1, ch, 1) for _ in range(max_stage + 1))
        self.blocks = nn.ModuleList(nn.Conv1d(ch, ch, 3, padding=1) for _ in range(max_stage))
        self.head = nn.Linear(ch * 4, 1)

    def forward(self, img):
        x = F.leaky_relu(self.from_in[self.stage](img), 0.2)
        for i in reversed(range(self.stage)):
            x = F.avg_pool1d(F.leaky_relu(self.blocks[i](x), 0.2), 2)
            if i == self.stage - 1 and self.alpha < 1.0:
                skip = F.leaky_relu(self.from_in[i](F.avg_pool1d(img, 2)), 0.2)
                x = self.alpha * x + (1.0 - self.alpha) * skip
        return self.head(x.flatten(1))
