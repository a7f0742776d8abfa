"""Class-conditional toy diffusion with classifier guidance in the DDIM sampler.

A noisy-input classifier is trained next to the denoiser; previews steer the
DDIM sampler with its input gradient, clipped per sample to keep early
high-noise steps stable.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"T": 200, "steps": 6, "batch": 48, "lr": 2e-3, "epochs": 2,
       "guidance_scale": 2.0, "max_grad_norm": 0.5, "ddim_steps": 10, "classes": 3}

BETAS = torch.linspace(1e-4, 0.05, CFG["T"])
ALPHA_BAR = torch.cumprod(1 - BETAS, 0)


def toy_batch(n, classes):
    y = torch.randint(0, classes, (n,))
    angle = 2 * math.pi * y.float() / classes
    centers = torch.stack([angle.cos(), angle.sin()], -1) * 2
    return centers + 0.3 * torch.randn(n, 2), y


class TimeMLP(nn.Module):
    def __init__(self, out_dim, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(),
                                 nn.Linear(width, out_dim))

    def forward(self, x, t):
        tt = (t.float() / CFG["T"]).unsqueeze(-1)
        return self.net(torch.cat([x, tt], -1))


class GuidedDDIMSampler:
    def __init__(self, denoiser, classifier, scale, max_grad_norm):
        self.denoiser = denoiser
        self.classifier = classifier
        self.scale = scale
        self.max_grad_norm = max_grad_norm
        self.clipped_steps = 0
        self.last_input = None

    def _clip_guidance(self, grad):
        norms = grad.norm(dim=-1, keepdim=True)
        if bool((norms > self.max_grad_norm).any()):
            self.clipped_steps += 1
        return grad * (self.max_grad_norm / norms.clamp(min=self.max_grad_norm))

    def guidance(self, x, t, y):
        with torch.enable_grad():
            x_in = x.detach().requires_grad_(True)
            x_in.register_hook(self._clip_guidance)  # cycle
            logp = F.log_softmax(self.classifier(x_in, t), -1)
            logp[torch.arange(len(y)), y].sum().backward()
        self.last_input = x_in  # cycle
        return x_in.grad

    @torch.no_grad()
    def sample(self, y, steps):
        x = torch.randn(len(y), 2)
        ts = torch.linspace(CFG["T"] - 1, 0, steps).long().tolist()
        for i, t in enumerate(ts):
            tb = torch.full((len(y),), t)
            ab = ALPHA_BAR[t]
            eps = self.denoiser(x, tb) - self.scale * (1 - ab).sqrt() * self.guidance(x, tb, y)
            x0 = (x - (1 - ab).sqrt() * eps) / ab.sqrt()
            ab_prev = ALPHA_BAR[ts[i + 1]] if i + 1 < len(ts) else torch.tensor(1.0)
            x = ab_prev.sqrt() * x0 + (1 - ab_prev).sqrt() * eps
        return x


def main():
    torch.manual_seed(0)
    denoiser, classifier = TimeMLP(2), TimeMLP(CFG["classes"])
    opt = torch.optim.Adam(list(denoiser.parameters()) + list(classifier.parameters()), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["steps"]):
            x0, y = toy_batch(CFG["batch"], CFG["classes"])
            t = torch.randint(0, CFG["T"], (CFG["batch"],))
            noise = torch.randn_like(x0)
            ab = ALPHA_BAR[t].unsqueeze(-1)
            xt = ab.sqrt() * x0 + (1 - ab).sqrt() * noise
            loss = F.mse_loss(denoiser(xt, t), noise) + F.cross_entropy(classifier(xt, t), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        classifier.requires_grad_(False)
        sampler = GuidedDDIMSampler(denoiser, classifier, CFG["guidance_scale"], CFG["max_grad_norm"])
        samples = sampler.sample(torch.arange(CFG["classes"]).repeat(4), CFG["ddim_steps"])
        classifier.requires_grad_(True)
        print(f"epoch {epoch} loss {loss.item():.3f} spread {samples.std().item():.2f} "
              f"clipped {sampler.clipped_steps}")


if __name__ == "__main__":
    main()
