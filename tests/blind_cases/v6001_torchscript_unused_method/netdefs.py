"""Small keyword-spotting network used by the deployment pipeline."""
import torch
import torch.nn as nn


class ConvBlock(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv = nn.Conv1d(c_in, c_out, kernel_size=3, padding=1)
        self.norm = nn.BatchNorm1d(c_out)

    def forward(self, x):
        return torch.relu(self.norm(self.conv(x)))


class KeywordNet(nn.Module):
    def __init__(self, n_mels=16, width=24, n_classes=6):
        super().__init__()
        self.block1 = ConvBlock(n_mels, width)
        self.block2 = ConvBlock(width, width)
        self.head = nn.Linear(width, n_classes)
        self.debug_stats = False

    @torch.jit.unused
    def log_activation_stats(self, feats: torch.Tensor) -> None:
        print(f"feats mean={feats.mean().item():.3f} std={feats.std().item():.3f}")

    def forward(self, x):
        feats = self.block2(self.block1(x)).mean(dim=2)
        if self.debug_stats:
            self.log_activation_stats(feats)
        return self.head(feats)
