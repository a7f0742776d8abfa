"""Feature extractors used as the per-task branches of the expandable network."""
import copy

import torch.nn as nn


class MLPExtractor(nn.Module):
    def __init__(self, in_dim, feat_dim):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, 2 * feat_dim),
            nn.ReLU(),
            nn.Linear(2 * feat_dim, feat_dim),
            nn.ReLU(),
        )
        self.feat_dim = feat_dim
        self.frozen = False

    def forward(self, x):
        return self.net(x)


def build_extractor(cfg):
    return MLPExtractor(cfg["in_dim"], cfg["feat_dim"])


def clone_for_new_task(previous):
    """Warm-start the next branch from the branch trained on the previous task."""
    branch = copy.deepcopy(previous)
    branch.frozen = False
    for p in branch.parameters():
        p.requires_grad_(True)
    return branch
