import torch
import torch.nn as nn


class ProbeHead(nn.Module):
    """Linear probe on one stage of a frozen trunk; features are grabbed with a
    forward hook, and the input width is inferred with a dry run."""

    def __init__(self, trunk, layer, num_classes, pool=2, groups=4, image_size=16):
        super().__init__()
        self.layer = layer
        self._feat = None
        self._handle = getattr(trunk, layer).register_forward_hook(self._capture)  # retain
        with torch.no_grad():
            trunk(torch.zeros(1, 3, image_size, image_size))
        c, h, w = self._feat.shape[1:]
        if c % groups or min(h, w) < pool:
            raise ValueError(f"{layer}: feature map {c}x{h}x{w} unsupported (groups={groups}, pool={pool})")
        self.norm = nn.GroupNorm(groups, c)
        self.pool = nn.AdaptiveAvgPool2d(pool)
        self.fc = nn.Linear(c * pool * pool, num_classes)

    def _capture(self, module, inputs, output):
        self._feat = output.detach()

    def forward(self, trunk, images):
        trunk(images)
        return self.fc(self.pool(self.norm(self._feat)).flatten(1))

    def close(self):
        self._handle.remove()
