"""Audio / visual encoders and a concatenation fusion head for audio-visual event classification."""
import torch
import torch.nn as nn


class AudioEncoder(nn.Module):
    def __init__(self, n_mels=16, dim=32):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(n_mels, dim, kernel_size=3, padding=1), nn.ReLU(),
            nn.Conv1d(dim, dim, kernel_size=3, padding=1), nn.ReLU(),
        )

    def forward(self, spec):
        return self.net(spec).mean(dim=-1)


class VisualEncoder(nn.Module):
    def __init__(self, channels=3, dim=32):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(channels, dim // 2, kernel_size=3, padding=1), nn.ReLU(),
            nn.Conv2d(dim // 2, dim, kernel_size=3, padding=1), nn.ReLU(),
        )

    def forward(self, frames):
        return self.net(frames).mean(dim=(-2, -1))


class ConcatFusion(nn.Module):
    def __init__(self, dim, n_classes):
        super().__init__()
        self.dim = dim
        self.fc_out = nn.Linear(2 * dim, n_classes)

    def forward(self, a, v):
        out = self.fc_out(torch.cat([a, v], dim=1))
        w_a = self.fc_out.weight[:, :self.dim]
        w_v = self.fc_out.weight[:, self.dim:]
        out_a = a @ w_a.t() + self.fc_out.bias / 2
        out_v = v @ w_v.t() + self.fc_out.bias / 2
        return out, out_a, out_v


class AVClassifier(nn.Module):
    def __init__(self, n_classes, dim=32):
        super().__init__()
        self.audio = AudioEncoder(dim=dim)
        self.visual = VisualEncoder(dim=dim)
        self.fusion = ConcatFusion(dim, n_classes)

    def forward(self, spec, frames):
        return self.fusion(self.audio(spec), self.visual(frames))
