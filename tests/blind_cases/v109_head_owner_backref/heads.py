"""Classification heads that read hyper-parameters from the model that owns them."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PoolerHead(nn.Module):
    def __init__(self, dim, n_classes):
        super().__init__()
        self.dense = nn.Linear(dim, dim)
        self.proj = nn.Linear(dim, n_classes)

    def set_owner(self, owner):
        # plain attribute, not a registered submodule: avoids recursion in .modules()/.to()
        self.__dict__["_owner"] = owner  # cycle

    @property
    def cfg(self):
        return self._owner.config

    def forward(self, hidden):
        pooled = hidden.mean(1) if self.cfg["pooling"] == "mean" else hidden[:, 0]
        pooled = torch.tanh(self.dense(pooled))
        pooled = F.dropout(pooled, p=self.cfg["head_dropout"], training=self.training)
        return self.proj(pooled)
