"""Symmetric InfoNCE (CLIP-style) with one learnable temperature shared by every model
that uses this loss module."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

INIT_TEMPERATURE = 0.07
MAX_LOGIT_SCALE = math.log(100.0)

LOGIT_SCALE = nn.Parameter(torch.tensor(math.log(1.0 / INIT_TEMPERATURE)))


def clip_loss(img_emb, txt_emb):
    img_emb = F.normalize(img_emb, dim=-1)
    txt_emb = F.normalize(txt_emb, dim=-1)
    logits = LOGIT_SCALE.exp() * img_emb @ txt_emb.t()
    targets = torch.arange(len(logits))
    return 0.5 * (F.cross_entropy(logits, targets) + F.cross_entropy(logits.t(), targets))


@torch.no_grad()
def clamp_logit_scale():
    LOGIT_SCALE.clamp_(0.0, MAX_LOGIT_SCALE)
