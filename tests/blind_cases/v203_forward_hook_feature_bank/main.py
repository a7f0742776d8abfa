"""Classifier training with a forward hook that feeds an embedding visualiser."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import feature_bank


def build_model():
    return nn.Sequential(
        nn.Linear(16, 64), nn.ReLU(),
        nn.Linear(64, 8), nn.ReLU(),
        nn.Linear(8, 3),
    )


def main():
    model = build_model()
    model[3].register_forward_hook(feature_bank.stash_penultimate)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for step in range(6):
        x = torch.randn(24, 16)
        y = torch.randint(0, 3, (24,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        feature_bank.stash_labels(y)
    print("embeddings collected:", feature_bank.bank_size())


if __name__ == "__main__":
    main()
