"""Adversarial and feature-matching losses (Salimans et al., 2016)."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F

_TRUNKS = weakref.WeakKeyDictionary()


def feature_trunk(disc, depth):
    """The first ``depth`` discriminator blocks as one module (shares the weights),
    built once per discriminator and depth."""
    per_disc = _TRUNKS.setdefault(disc, {})
    trunk = per_disc.get(depth)
    if trunk is None:
        trunk = per_disc[depth] = nn.Sequential(*list(disc.blocks)[:depth])
    return trunk


def feature_matching_loss(disc, real, fake, depth=2):
    trunk = feature_trunk(disc, depth)
    with torch.no_grad():
        target = trunk(real).mean(dim=0)
    return F.mse_loss(trunk(fake).mean(dim=0), target)


def d_hinge_loss(disc, real, fake):
    return F.relu(1 - disc(real)).mean() + F.relu(1 + disc(fake)).mean()


def g_hinge_loss(disc, fake):
    return -disc(fake).mean()
