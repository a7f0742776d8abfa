"""Regression training loop that feeds the dashboard's live plot every step."""
import torch
import torch.nn as nn

from liveplot import LIVE

CONFIG = {
    "epochs": 3,
    "batches": 8,
    "batch_size": 32,
    "lr": 3e-3,
    "clip": 1.0,
    "render_every": 8,
}


def make_batches(n, batch_size, w):
    in_dim = w.shape[0]
    for _ in range(n):
        x = torch.randn(batch_size, in_dim)
        yield x, x @ w + 0.1 * torch.randn(batch_size, 1)


def build(cfg):
    model = nn.Sequential(nn.Linear(12, 48), nn.Tanh(), nn.Linear(48, 1))
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
    return model, opt, sched


def train(cfg):
    model, opt, sched = build(cfg)
    target_w = torch.randn(12, 1)
    step = 0
    for epoch in range(cfg["epochs"]):
        for x, y in make_batches(cfg["batches"], cfg["batch_size"], target_w):
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            norm = nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"])
            opt.step()
            step += 1
            LIVE.push("loss", step, loss)
            LIVE.push("grad_norm", step, norm)
            LIVE.push("lr", step, opt.param_groups[0]["lr"])
            if step % cfg["render_every"] == 0:
                print(f"epoch {epoch} step {step}\n{LIVE.render()}")
        sched.step()
    return LIVE.series["loss"].last()


def main():
    final = train(CONFIG)
    print(f"final loss {final:.4f}")


if __name__ == "__main__":
    main()
