"""Classifier training that streams validation probabilities to a background writer process."""
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

from writer import PredictionWriter

CONFIG = {
    "model": {"in_dim": 24, "hidden": 48, "classes": 5},
    "train": {"epochs": 3, "steps": 6, "batch_size": 16, "lr": 0.05},
    "eval": {"batches": 3, "batch_size": 32},
}


class MLP(nn.Module):
    def __init__(self, in_dim, hidden, classes):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Dropout(0.1))
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.head(self.body(x))


def make_split(n, cfg, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, cfg["in_dim"], generator=g)
    y = (x[:, :cfg["classes"]].argmax(dim=1))
    return x, y


def train_epoch(model, opt, data, cfg):
    x, y = data
    model.train()
    for step in range(cfg["steps"]):
        idx = torch.randint(0, len(x), (cfg["batch_size"],))
        loss = F.cross_entropy(model(x[idx]), y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def evaluate(model, data, cfg, writer, epoch):
    x, y = data
    model.eval()
    correct = 0
    bs = cfg["batch_size"]
    for b in range(cfg["batches"]):
        ids = torch.arange(b * bs, (b + 1) * bs)
        probs = model(x[ids]).softmax(dim=-1)
        correct += (probs.argmax(dim=-1) == y[ids]).sum().item()
        writer.submit(epoch * 100 + b, ids, probs)
    return correct / (cfg["batches"] * bs)


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = MLP(**cfg["model"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["train"]["lr"], momentum=0.9)
    train = make_split(512, cfg["model"], seed=1)
    val = make_split(96, cfg["model"], seed=2)
    with tempfile.TemporaryDirectory() as tmp:
        writer = PredictionWriter(tmp)
        for epoch in range(cfg["train"]["epochs"]):
            loss = train_epoch(model, opt, train, cfg["train"])
            acc = evaluate(model, val, cfg["eval"], writer, epoch)
            print(f"epoch {epoch}: loss {loss:.3f} val acc {acc:.3f}")
        written = writer.stop()
        print(f"{written} records in {len(writer.shards())} shards, {len(writer.queue.rejected)} rejected")


if __name__ == "__main__":
    main()
