"""Train a tiny ViT on coloured-quadrant images and log attention rollouts per epoch."""
import warnings

import torch
import torch.nn.functional as F

from explain import VITAttentionGradRollout
from vit import VisionTransformer

CFG = {"epochs": 2, "steps": 4, "batch": 16, "lr": 1e-3, "img": 16, "classes": 4}


def quadrant_batch(n, img, classes):
    labels = torch.randint(0, classes, (n,))
    x = 0.3 * torch.randn(n, 3, img, img)
    h = img // 2
    for i, c in enumerate(labels.tolist()):
        r, q = divmod(c, 2)
        x[i, :, r * h:(r + 1) * h, q * h:(q + 1) * h] += 1.0
    return x, labels


def main():
    torch.manual_seed(0)
    model = VisionTransformer(img_size=CFG["img"], num_classes=CFG["classes"])
    opt = torch.optim.AdamW(model.parameters(), lr=CFG["lr"])
    probe, probe_labels = quadrant_batch(1, CFG["img"], CFG["classes"])
    for epoch in range(CFG["epochs"]):
        model.train()
        for _ in range(CFG["steps"]):
            x, y = quadrant_batch(CFG["batch"], CFG["img"], CFG["classes"])
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            rollout = VITAttentionGradRollout(model, discard_ratio=0.5)
            mask = rollout(probe, int(probe_labels))
        opt.zero_grad()
        print(f"epoch {epoch} loss {loss.item():.3f} rollout argmax {divmod(int(mask.argmax()), mask.shape[1])}")


if __name__ == "__main__":
    main()
