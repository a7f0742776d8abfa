"""Learning-rate sweep; every trial is wrapped in a tracked Run."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tracking import Run, RunConfig, log


def build_model(width):
    return nn.Sequential(nn.Linear(12, width), nn.GELU(), nn.Linear(width, 3))


def make_batches(n_batches, batch_size=16, seed=0):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(n_batches):
        x = torch.randn(batch_size, 12, generator=gen)
        y = torch.randint(0, 3, (batch_size,), generator=gen)
        yield x, y


def train_trial(run, model, lr, epochs=2):
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
    step = 0
    for epoch in range(epochs):
        total = 0.0
        for x, y in make_batches(4, seed=epoch):
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
            total += loss.item()
        run.log_metrics({"train/loss": total / 4}, step=step)
        log.info("epoch %d done, loss %.4f", epoch, total / 4)
    return run.summary["train/loss"]


def main():
    results = {}
    for lr in (1e-3, 3e-3, 1e-2):
        cfg = RunConfig(project="sweep", name=f"lr{lr:g}", hparams={"lr": lr, "width": 32})
        model = build_model(32)
        with Run(cfg, model=model) as run:
            results[lr] = train_trial(run, model, lr)
    best = min(results, key=results.get)
    log.info("best lr %g", best)


if __name__ == "__main__":
    main()
