"""Dynamically expandable representation with per-task branches and a growing classifier."""
import copy

import torch
import torch.nn as nn


def skip_frozen_branch(module, state_dict, prefix, local_metadata):
    """state_dict hook: frozen branches are exported once, with the task that trained them."""
    if module.frozen and not module.keep_in_checkpoint:
        for key in [k for k in state_dict if k.startswith(prefix)]:
            del state_dict[key]


class Branch(nn.Module):
    def __init__(self, in_dim, feat_dim):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, 2 * feat_dim), nn.GELU(), nn.Linear(2 * feat_dim, feat_dim))
        self.feat_dim = feat_dim
        self.frozen = False
        self.keep_in_checkpoint = True
        self._register_state_dict_hook(skip_frozen_branch)

    def forward(self, x):
        return torch.relu(self.body(x))


class ExpandableNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.branches = nn.ModuleList([Branch(cfg["in_dim"], cfg["feat_dim"])])
        self.classifier = None
        self.n_classes = 0

    def _freeze(self, branch):
        branch.frozen = True
        branch.keep_in_checkpoint = self.cfg["export_frozen"]
        branch.requires_grad_(False)
        branch.eval()

    def add_task(self, n_new):
        if self.classifier is not None:
            nxt = copy.deepcopy(self.branches[-1])
            nxt.requires_grad_(True)
            self._freeze(self.branches[-1])
            self.branches.append(nxt)
        old = self.classifier
        self.n_classes += n_new
        self.classifier = nn.Linear(sum(b.feat_dim for b in self.branches), self.n_classes)
        if old is not None:
            with torch.no_grad():
                self.classifier.weight[: old.out_features, : old.in_features].copy_(old.weight)
                self.classifier.bias[: old.out_features].copy_(old.bias)

    def forward(self, x):
        return self.classifier(torch.cat([b(x) for b in self.branches], dim=1))
