"""Projected-GAN style training against a process-wide frozen feature pyramid; projections live on the discriminator."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class FeaturePyramid(nn.Module):
    def __init__(self, widths=(8, 16, 32)):
        super().__init__()
        chans = (3,) + tuple(widths)
        self.stages = nn.ModuleList(nn.Sequential(nn.Conv2d(a, b, 3, stride=2, padding=1), nn.ReLU())
                                    for a, b in zip(chans[:-1], chans[1:]))
        self.widths = list(widths)

    def forward(self, x):
        out = []
        for stage in self.stages:
            x = stage(x)
            out.append(x)
        return out


_feature_detector_cache = {"pyramid-s": FeaturePyramid().eval().requires_grad_(False)}


def get_feature_detector(name="pyramid-s"):
    return _feature_detector_cache[name]


class ProjectedDiscriminator(nn.Module):
    def __init__(self, detector="pyramid-s", proj_ch=16):
        super().__init__()
        self.detector = get_feature_detector(detector)
        self.proj = nn.ModuleList(nn.Conv2d(w, proj_ch, 1, bias=False) for w in self.detector.widths)
        for proj in self.proj:
            nn.init.orthogonal_(proj.weight)
        self.proj.requires_grad_(False)
        self.heads = nn.ModuleList(nn.Sequential(nn.Conv2d(proj_ch, proj_ch, 3, padding=1), nn.LeakyReLU(0.2),
                                                 nn.Conv2d(proj_ch, 1, 1)) for _ in self.detector.widths)

    def forward(self, img):
        feats = self.detector(img)
        return torch.cat([head(proj(f)).flatten(1) for head, proj, f in zip(self.heads, self.proj, feats)], 1)


class Generator(nn.Module):
    def __init__(self, z_dim=16, width=24):
        super().__init__()
        self.z_dim, self.width = z_dim, width
        self.fc = nn.Linear(z_dim, width * 16)
        self.conv = nn.Sequential(nn.Upsample(scale_factor=4), nn.Conv2d(width, 3, 3, padding=1), nn.Tanh())

    def forward(self, z):
        return self.conv(self.fc(z).view(-1, self.width, 4, 4))


def stripes(n):
    phase = torch.rand(n, 1, 1, 1) * 6.28
    xx = torch.linspace(0, 6.28, 16).view(1, 1, 1, 16)
    return torch.sin(xx * 2 + phase).expand(n, 3, 16, 16).contiguous()


def train_run(seed, steps=3, batch=8):
    torch.manual_seed(seed)
    G, D = Generator(), ProjectedDiscriminator()
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(D.heads.parameters(), lr=2e-4, betas=(0.0, 0.99))
    for _ in range(steps):
        fake = G(torch.randn(batch, G.z_dim))
        d_loss = F.softplus(-D(stripes(batch))).mean() + F.softplus(D(fake.detach())).mean()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = F.softplus(-D(fake)).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
    return d_loss.item(), g_loss.item()


def main():
    for seed in range(2):
        train_run(seed)


if __name__ == "__main__":
    main()
