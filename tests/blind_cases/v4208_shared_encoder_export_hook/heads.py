"""Task heads trained on top of the shared encoder, exported together with it."""
from dataclasses import dataclass

import torch.nn as nn


@dataclass(frozen=True)
class HeadSpec:
    name: str
    num_labels: int
    hidden: int = 16
    dropout: float = 0.1


class TaskHead(nn.Module):
    def __init__(self, in_dim, spec):
        super().__init__()
        self.spec = spec
        self.net = nn.Sequential(nn.Dropout(spec.dropout), nn.Linear(in_dim, spec.hidden), nn.ReLU(),
                                 nn.Linear(spec.hidden, spec.num_labels))

    def forward(self, feats):
        return self.net(feats)


def _export_hook_for(head, prefix):
    def hook(module, state_dict, module_prefix, local_metadata):  # retain
        for key, value in head.state_dict().items():
            state_dict[f"{module_prefix}heads.{prefix}.{key}"] = value
        return state_dict
    return hook


def attach_head(encoder, spec):
    head = TaskHead(encoder.proj.out_features, spec)
    encoder._register_state_dict_hook(_export_hook_for(head, spec.name))  # retain
    return head
