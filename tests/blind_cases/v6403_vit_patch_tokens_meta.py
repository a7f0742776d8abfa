"""Tiny ViT whose patch tokens carry their grid layout as tensor metadata.

Downstream code (unpatchify, attention visualisation) needs the (gh, gw)
grid of the tokens, so the patch embedding returns a PatchTokens tensor
subclass and __torch_function__ carries the metadata through every op.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TokenMeta:
    def __init__(self, grid, image_size):
        self.grid = grid
        self.image_size = image_size
        self.attn_maps = []

    def record_attention(self, attn):
        self.attn_maps.append(attn)  # cycle


class PatchTokens(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = super().__torch_function__(func, types, args, kwargs)
        meta = _find_meta(args)
        if meta is not None:
            _attach(out, meta)
        return out


def _find_meta(args):
    for a in args:
        if isinstance(a, PatchTokens) and "meta" in a.__dict__:
            return a.__dict__["meta"]
        if isinstance(a, (list, tuple)):
            m = _find_meta(a)
            if m is not None:
                return m
    return None


def _attach(out, meta):
    if isinstance(out, PatchTokens):
        out.meta = meta  # cycle
    elif isinstance(out, (list, tuple)):
        for o in out:
            _attach(o, meta)


class PatchEmbed(nn.Module):
    def __init__(self, patch=4, dim=32):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)

    def forward(self, images):
        x = self.proj(images)
        gh, gw = x.shape[-2:]
        tokens = x.flatten(2).transpose(1, 2).as_subclass(PatchTokens)
        tokens.meta = TokenMeta((gh, gw), tuple(images.shape[-2:]))
        return tokens


class Attention(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, d = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = (q @ k.transpose(-2, -1) * (d // self.heads) ** -0.5).softmax(dim=-1)
        if isinstance(attn, PatchTokens) and "meta" in attn.__dict__:
            attn.meta.record_attention(attn)
        out = (attn @ v).transpose(1, 2).reshape(b, n, d)
        return self.proj(out)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = Attention(dim)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class TinyViT(nn.Module):
    def __init__(self, dim=32, depth=2, classes=10):
        super().__init__()
        self.embed = PatchEmbed(dim=dim)
        self.pos = nn.Parameter(torch.zeros(1, 16, dim))
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        x = self.embed(images) + self.pos
        for blk in self.blocks:
            x = blk(x)
        return self.head(x.mean(dim=1))


def main():
    cfg = {"lr": 1e-3, "steps": 4, "batch": 8}
    torch.manual_seed(0)
    model = TinyViT()
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        images = torch.randn(cfg["batch"], 3, 16, 16)
        labels = torch.randint(0, 10, (cfg["batch"],))
        logits = model(images)
        loss = F.cross_entropy(logits.as_subclass(torch.Tensor), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
