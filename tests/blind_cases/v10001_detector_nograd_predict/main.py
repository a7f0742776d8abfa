"""Trains the detector for a couple of epochs per anchor configuration and runs validation."""
import torch

from detector import TinyRetina

BASE_CFG = {"channels": 16, "num_classes": 3, "strides": (4, 8), "anchor_sizes": (12, 24)}


def random_target(size=64):
    k = int(torch.randint(1, 4, ()))
    xy, wh = torch.rand(k, 2) * (size - 24), 8 + torch.rand(k, 2) * 16
    return {"boxes": torch.cat([xy, xy + wh], 1), "labels": torch.randint(0, 3, (k,))}


def run(cfg, epochs=2, steps=3):
    torch.manual_seed(0)
    model = TinyRetina(cfg)
    opt = torch.optim.SGD(model.parameters(), lr=0.002, momentum=0.9)
    for epoch in range(epochs):
        model.train()
        for _ in range(steps):
            loss = model.loss(torch.randn(4, 3, 64, 64), [random_target() for _ in range(4)])
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        dets = model.predict(torch.randn(2, 3, 64, 64))
        print(f"anchors={cfg['anchor_sizes']} ep{epoch} loss={loss.item():.3f} dets={[len(d['boxes']) for d in dets]}")


def main():
    for sizes in ((12, 24), (16, 32)):
        run(dict(BASE_CFG, anchor_sizes=sizes))


if __name__ == "__main__":
    main()
