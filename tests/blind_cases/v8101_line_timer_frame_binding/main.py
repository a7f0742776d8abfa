"""Tabular regression run that line-profiles its training step every other epoch."""
import torch
import torch.nn as nn

from lineprof import LineProfiler

CONFIG = {"in_dim": 12, "hidden": 32, "epochs": 4, "steps": 3, "batch": 16, "lr": 3e-3,
          "clip": 1.0, "profile_every": 2}


def build_model(cfg):
    return nn.Sequential(nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.GELU(),
                         nn.Linear(cfg["hidden"], cfg["hidden"]), nn.GELU(),
                         nn.Linear(cfg["hidden"], 1))


def make_batches(cfg, n):
    weight = torch.linspace(-1.0, 1.0, cfg["in_dim"])
    for _ in range(n):
        x = torch.randn(cfg["batch"], cfg["in_dim"])
        y = (x @ weight).unsqueeze(1) + 0.1 * torch.randn(cfg["batch"], 1)
        yield x, y


def train_step(model, optimizer, batch, clip):
    x, y = batch
    pred = model(x)
    loss = nn.functional.smooth_l1_loss(pred, y)
    optimizer.zero_grad()
    loss.backward()
    grad_norm = nn.utils.clip_grad_norm_(model.parameters(), clip)
    optimizer.step()
    return loss.item(), float(grad_norm)


def run_epoch(model, optimizer, cfg):
    losses = []
    for batch in make_batches(cfg, cfg["steps"]):
        loss, _ = train_step(model, optimizer, batch, cfg["clip"])
        losses.append(loss)
    return sum(losses) / len(losses)


def main():
    cfg = dict(CONFIG)
    model = build_model(cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        if epoch % cfg["profile_every"] == 0:
            with LineProfiler(train_step) as prof:
                avg = run_epoch(model, optimizer, cfg)
            hot = prof.report(top=3)
            print(f"epoch {epoch}: loss {avg:.4f}; hottest lines: {hot[0]}")
        else:
            avg = run_epoch(model, optimizer, cfg)
            print(f"epoch {epoch}: loss {avg:.4f}")


if __name__ == "__main__":
    main()
