"""Trains a tiny ViT and records attention-rollout maps for a fixed probe batch after every epoch."""
import torch
import torch.nn as nn

from rollout import AttentionRollout
from vit import TinyViT

CONFIG = {"image_size": 16, "patch": 4, "dim": 32, "depth": 3, "heads": 4, "num_classes": 5}


def train_epoch(model, opt, steps=3):
    model.train()
    for _ in range(steps):
        images = torch.randn(8, 3, CONFIG["image_size"], CONFIG["image_size"])
        labels = torch.randint(0, CONFIG["num_classes"], (8,))
        loss = nn.functional.cross_entropy(model(images), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def frozen_copy(model):
    """Rollout patches the attention layers, so it runs on a copy of the weights."""
    snapshot = TinyViT(**CONFIG)
    snapshot.load_state_dict(model.state_dict())
    return snapshot.eval()


def main():
    torch.manual_seed(0)
    model = TinyViT(**CONFIG)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    probe = torch.randn(2, 3, CONFIG["image_size"], CONFIG["image_size"])
    grid = CONFIG["image_size"] // CONFIG["patch"]
    history = []
    for epoch in range(3):
        loss = train_epoch(model, opt)
        rollout = AttentionRollout(frozen_copy(model), head_fusion="max", discard_ratio=0.1)
        masks = rollout(probe)
        rollout.remove()
        history.append({"epoch": epoch, "loss": loss, "masks": masks.reshape(-1, grid, grid).tolist()})
    print(f"recorded {len(history)} rollout snapshots, last loss {history[-1]['loss']:.3f}")


if __name__ == "__main__":
    main()
