"""Registry of classification heads; build_head() hands out a fresh head per model."""
import copy

import torch
import torch.nn as nn

FEATURE_DIM = 24
NUM_CLASSES = 5

HEAD_PROTOTYPES = {
    "linear": nn.Linear(FEATURE_DIM, NUM_CLASSES),
    "mlp": nn.Sequential(nn.Linear(FEATURE_DIM, 32), nn.GELU(), nn.Dropout(0.1), nn.Linear(32, NUM_CLASSES)),
}


@torch.no_grad()
def _reset(module):
    if hasattr(module, "reset_parameters"):
        module.reset_parameters()


def build_head(kind):
    head = copy.copy(HEAD_PROTOTYPES[kind])
    head.apply(_reset)
    return head
