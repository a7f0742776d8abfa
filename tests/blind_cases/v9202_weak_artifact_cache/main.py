"""K-fold training of a keyword-spotting model with a TorchScript parity gate per epoch."""
import torch
import torch.nn.functional as F

from artifacts import parity_check
from model import SpectrogramNet

CFG = {"folds": 3, "epochs": 2, "steps": 3, "batch": 6, "n_mels": 16, "frames": 20, "lr": 0.01}


def fake_batch(cfg, generator):
    x = torch.randn(cfg["batch"], cfg["n_mels"], cfg["frames"], generator=generator)
    y = torch.randint(0, 4, (cfg["batch"],), generator=generator)
    return x, y


def train_fold(fold, cfg):
    gen = torch.Generator().manual_seed(fold)
    model = SpectrogramNet(n_mels=cfg["n_mels"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    history = []
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            x, y = fake_batch(cfg, gen)
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        probe, _ = fake_batch(cfg, gen)
        history.append({"epoch": epoch, "loss": loss.item(), "parity": parity_check(model, probe)})
    return history


def main():
    for fold in range(CFG["folds"]):
        history = train_fold(fold, CFG)
        ok = all(h["parity"] for h in history)
        print("fold %d final loss %.3f parity %s" % (fold, history[-1]["loss"], ok))


if __name__ == "__main__":
    main()
