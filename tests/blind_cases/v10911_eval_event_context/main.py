"""Train for a few epochs; every epoch runs a fresh evaluation loop."""
import torch
import torch.nn as nn

from callbacks import HardExampleMiner, RunningAccuracy
from loop import EvalLoop

CONFIG = {"epochs": 3, "train_steps": 6, "val_steps": 5, "batch": 16, "lr": 0.05, "hard_loss": 0.9}


def batches(steps, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(steps):
        x = torch.randn(CONFIG["batch"], 10, generator=gen)
        yield x, (x[:, :3].sum(1) > 0).long() + (x[:, 3] > 1).long()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))
    opt = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"], momentum=0.9)
    history = []
    for epoch in range(CONFIG["epochs"]):
        for x, y in batches(CONFIG["train_steps"], seed=epoch):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        loop = EvalLoop(model, [RunningAccuracy(), HardExampleMiner(threshold=CONFIG["hard_loss"])])
        summary = loop.run(batches(CONFIG["val_steps"], seed=4242))
        history.append(summary)
        print(f"epoch {epoch}: acc={summary['acc']:.3f} hard={summary['hard_batches']}")


if __name__ == "__main__":
    main()
