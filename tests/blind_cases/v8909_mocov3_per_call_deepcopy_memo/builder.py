"""Encoder construction helpers for MoCo v3."""
import copy

import torch.nn as nn


def make_momentum_encoder(base, shared=()):
    """deepcopy `base`, except for the objects in `shared`, which the copy references as they are."""
    memo = {id(obj): obj for obj in shared}
    momentum = copy.deepcopy(base, memo)
    for p in momentum.parameters():
        p.requires_grad_(False)
    return momentum


class TinyViT(nn.Module):
    def __init__(self, patch_dim=12, dim=32, depth=1, heads=2, out_dim=32):
        super().__init__()
        # random patch projection, kept frozen as in MoCo v3
        self.patch_embed = nn.Linear(patch_dim, dim)
        self.patch_embed.requires_grad_(False)
        layer = nn.TransformerEncoderLayer(dim, heads, dim_feedforward=2 * dim, dropout=0.0, batch_first=True)
        self.blocks = nn.TransformerEncoder(layer, depth)
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Sequential(nn.Linear(dim, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Linear(64, out_dim))

    def shared_with_momentum_encoder(self):
        return (self.patch_embed,)

    def forward(self, patches):
        x = self.blocks(self.patch_embed(patches))
        return self.head(self.norm(x.mean(dim=1)))
