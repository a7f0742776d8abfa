"""Learnable photometric augmentation for semi-supervised training.

The input batch saved by the jitter multiply is stored in bfloat16 through per-tensor
saved-tensor hooks; the hooks report to a small stats table owned by the module.
"""
import collections
import functools

import torch
import torch.nn as nn

CONFIG = {"epochs": 2, "steps": 3, "batch": 8, "size": 16, "classes": 4, "threshold": 0.6}


def pack_bf16(stats, t):
    stats["packed_bytes"] += t.numel() * 2
    return t.to(torch.bfloat16)


def unpack_fp32(stats, packed):
    stats["unpack_calls"] += 1
    return packed.to(torch.float32)


class LearnableJitter(nn.Module):
    def __init__(self, channels=3, compress=True):
        super().__init__()
        self.gain = nn.Parameter(torch.ones(channels, 1, 1))
        self.bias = nn.Parameter(torch.zeros(channels, 1, 1))
        self.compress = compress
        self.stats = collections.Counter()
        self._pack = functools.partial(pack_bf16, self.stats)
        self._unpack = functools.partial(unpack_fp32, self.stats)
        self.last_view = None

    def forward(self, x, strength=1.0):
        noise = 1.0 + strength * 0.1 * torch.randn(x.shape[0], 1, 1, 1)
        scaled = x * (self.gain * noise)
        if self.compress and scaled.requires_grad:
            scaled.grad_fn._raw_saved_self.register_hooks(self._pack, self._unpack)
        out = (scaled + self.bias).clamp(0.0, 1.0)
        self.last_view = out
        return out


def make_model():
    return nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                         nn.Flatten(), nn.Linear(8, CONFIG["classes"]))


def main():
    torch.manual_seed(0)
    jitter = LearnableJitter()
    model = make_model()
    opt = torch.optim.SGD(list(model.parameters()) + list(jitter.parameters()), lr=0.05)
    shape = (CONFIG["batch"], 3, CONFIG["size"], CONFIG["size"])
    preview_batch = torch.rand(4, 3, CONFIG["size"], CONFIG["size"])
    for epoch in range(CONFIG["epochs"]):
        model.train()
        for _ in range(CONFIG["steps"]):
            x_l, y_l = torch.rand(shape), torch.randint(0, CONFIG["classes"], (CONFIG["batch"],))
            x_u = torch.rand(shape)
            with torch.no_grad():
                probs = model(x_u).softmax(dim=1)
            conf, pseudo = probs.max(dim=1)
            mask = (conf >= CONFIG["threshold"]).float()
            sup = nn.functional.cross_entropy(model(jitter(x_l)), y_l)
            unsup = (nn.functional.cross_entropy(model(jitter(x_u, 2.0)), pseudo, reduction="none") * mask).mean()
            loss = sup + unsup
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        view = jitter(preview_batch)
        print(f"epoch {epoch}: loss {loss.item():.3f}, preview mean {view.mean().item():.3f}, "
              f"packed {jitter.stats['packed_bytes']} bytes")


if __name__ == "__main__":
    main()
