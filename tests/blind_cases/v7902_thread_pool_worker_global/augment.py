"""CPU-side photometric augmentation with a fixed Gaussian blur."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def gaussian_kernel(size, sigma):
    ax = torch.arange(size, dtype=torch.float32) - (size - 1) / 2
    k = torch.exp(-(ax ** 2) / (2 * sigma ** 2))
    k = torch.outer(k, k)
    return k / k.sum()


class Augmenter(nn.Module):
    def __init__(self, channels, blur_size=5, blur_sigma=1.0, jitter=0.2, seed=0):
        super().__init__()
        kernel = gaussian_kernel(blur_size, blur_sigma).expand(channels, 1, blur_size, blur_size)
        self.register_buffer("kernel", kernel.clone())
        self.channels = channels
        self.pad = blur_size // 2
        self.jitter = jitter
        self.gen = torch.Generator().manual_seed(seed)

    @torch.no_grad()
    def forward(self, images):
        n = images.shape[0]
        scale = 1 + self.jitter * (2 * torch.rand(n, 1, 1, 1, generator=self.gen) - 1)
        out = images * scale
        blur = torch.rand(n, generator=self.gen) < 0.5
        if blur.any():
            out[blur] = F.conv2d(out[blur], self.kernel, padding=self.pad, groups=self.channels)
        flip = torch.rand(n, generator=self.gen) < 0.5
        out[flip] = out[flip].flip(-1)
        return out.clamp_(-3.0, 3.0)

    def extra_repr(self):
        return f"channels={self.channels}, jitter={self.jitter}, pad={self.pad}"
