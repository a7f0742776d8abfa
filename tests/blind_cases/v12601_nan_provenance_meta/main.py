"""Classifier training that evaluates its loss through a provenance interpreter."""
import torch
import torch.nn as nn

from losses import LOSS_GRAPHS
from provenance import ProvenanceInterpreter, first_nonfinite, describe

CONFIG = {
    "loss": "focal",
    "in_dim": 12,
    "hidden": 32,
    "classes": 4,
    "epochs": 2,
    "steps_per_epoch": 4,
    "batch_size": 16,
    "lr": 0.05,
}


def build_model(cfg):
    return nn.Sequential(
        nn.Linear(cfg["in_dim"], cfg["hidden"]),
        nn.GELU(),
        nn.Dropout(0.1),
        nn.Linear(cfg["hidden"], cfg["classes"]),
    )


def synthetic_batches(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(cfg["steps_per_epoch"]):
        x = torch.randn(cfg["batch_size"], cfg["in_dim"], generator=gen)
        y = torch.randint(0, cfg["classes"], (cfg["batch_size"],), generator=gen)
        yield x, y


def train(cfg):
    model = build_model(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    loss_gm = LOSS_GRAPHS[cfg["loss"]]
    history = []
    for epoch in range(cfg["epochs"]):
        model.train()
        for x, y in synthetic_batches(cfg, seed=epoch):
            logits = model(x)
            loss = ProvenanceInterpreter(loss_gm).run(logits, y)
            bad = first_nonfinite(loss_gm)
            if bad is not None:
                print(f"epoch {epoch}: non-finite value at {bad}")
                print(describe(loss_gm))
                continue
            opt.zero_grad()
            loss.backward()
            opt.step()
            history.append(loss.item())
        print(f"epoch {epoch}: loss {sum(history[-4:]) / 4:.4f}")
    return history


def main():
    train(CONFIG)


if __name__ == "__main__":
    main()
