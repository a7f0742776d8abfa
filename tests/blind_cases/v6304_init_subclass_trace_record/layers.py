"""A tiny MLP-Mixer built from traced layers."""
import torch.nn as nn

from tracing import Traced


class PatchEmbed(Traced):
    def __init__(self, patch, channels, dim):
        super().__init__()
        self.proj = nn.Conv2d(channels, dim, kernel_size=patch, stride=patch)

    def forward(self, images):
        return self.proj(images).flatten(2).transpose(1, 2)


class MixerBlock(Traced):
    def __init__(self, tokens, dim, expansion=2):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mlp = nn.Sequential(nn.Linear(tokens, tokens * expansion), nn.GELU(),
                                       nn.Linear(tokens * expansion, tokens))
        self.norm2 = nn.LayerNorm(dim)
        self.channel_mlp = nn.Sequential(nn.Linear(dim, dim * expansion), nn.GELU(),
                                         nn.Linear(dim * expansion, dim))

    def forward(self, x):
        x = x + self.token_mlp(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mlp(self.norm2(x))


class Mixer(Traced):
    def __init__(self, image=16, patch=4, channels=3, dim=24, depth=2, classes=10):
        super().__init__()
        tokens = (image // patch) ** 2
        self.embed = PatchEmbed(patch, channels, dim)
        self.blocks = nn.Sequential(*[MixerBlock(tokens, dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        return self.head(self.blocks(self.embed(images)).mean(dim=1))
