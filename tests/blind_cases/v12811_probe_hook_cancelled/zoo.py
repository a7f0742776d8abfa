"""Models loaded once per process and shared by every service in it."""
import torch
import torch.nn as nn


def build_encoder(in_dim=32, width=48, depth=3, seed=0):
    torch.manual_seed(seed)
    layers = []
    dim = in_dim
    for _ in range(depth):
        layers += [nn.Linear(dim, width), nn.ReLU()]
        dim = width
    return nn.Sequential(*layers)


MODEL_ZOO = {"encoder-small": build_encoder()}
