"""Regression training over a stream of batches, one of which is corrupted."""
import torch
import torch.nn as nn

from debugtools import skip_on

HPARAMS = {"in_dim": 10, "hidden": 32, "lr": 3e-3, "epochs": 2, "batches": 4, "bad_batch": 2}


def load_batches(hp):
    batches = []
    for i in range(hp["batches"]):
        x = torch.randn(16, hp["in_dim"])
        y = x[:, :3].sum(1, keepdim=True)
        if i == hp["bad_batch"]:
            x[0, 0] = float("nan")
        batches.append((x, y))
    return batches


@skip_on(FloatingPointError, fallback=float("nan"))
def train_step(model, opt, batch):
    x, y = batch
    pred = model(x)
    loss = nn.functional.smooth_l1_loss(pred, y)
    if not torch.isfinite(loss):
        raise FloatingPointError("non-finite loss")
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def main():
    hp = dict(HPARAMS)
    model = nn.Sequential(nn.Linear(hp["in_dim"], hp["hidden"]), nn.SiLU(), nn.Linear(hp["hidden"], 1))
    opt = torch.optim.Adam(model.parameters(), lr=hp["lr"])
    batches = load_batches(hp)
    for epoch in range(hp["epochs"]):
        losses = [train_step(model, opt, b) for b in batches]
        finite = [l for l in losses if l == l]
        assert len(finite) == len(batches) - 1


if __name__ == "__main__":
    main()
