"""Evaluation loop with event-context callbacks; the miner keeps detached snapshots."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"epochs": 3, "train_steps": 6, "val_steps": 5, "batch": 16, "lr": 0.05, "hard_loss": 0.9}


@dataclass
class HardBatch:
    batch_idx: int
    inputs: torch.Tensor
    targets: torch.Tensor
    max_loss: float


class HardExampleMiner:
    def __init__(self, threshold=1.0, keep=4):
        self.threshold = threshold
        self.keep = keep
        self.hard = []

    def on_batch_end(self, ctx):
        worst = float(ctx["losses"].max())
        if worst > self.threshold:
            self.hard.append(HardBatch(ctx["batch_idx"], ctx["inputs"].clone(), ctx["targets"].clone(), worst))
            self.hard.sort(key=lambda h: -h.max_loss)
            del self.hard[self.keep:]

    def on_eval_end(self, ctx):
        model = ctx["loop"].model
        with torch.no_grad():
            ctx["summary"]["hard_rescored"] = [float(F.cross_entropy(model(h.inputs), h.targets))
                                               for h in self.hard]
        ctx["summary"]["hard_batches"] = len(self.hard)


class RunningAccuracy:
    def on_eval_start(self, ctx):
        self.correct, self.total = 0, 0

    def on_batch_end(self, ctx):
        self.correct += int((ctx["logits"].argmax(-1) == ctx["targets"]).sum())
        self.total += ctx["targets"].numel()

    def on_eval_end(self, ctx):
        ctx["summary"]["acc"] = self.correct / max(1, self.total)


class EvalLoop:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = list(callbacks)

    def _emit(self, hook, ctx):
        for cb in self.callbacks:
            if hasattr(cb, hook):
                getattr(cb, hook)(ctx)

    def run(self, batches):
        self.model.eval()
        self._emit("on_eval_start", {"loop": self})
        with torch.no_grad():
            for i, (x, y) in enumerate(batches):
                logits = self.model(x)
                ctx = {"loop": self, "batch_idx": i, "inputs": x, "targets": y,
                       "logits": logits, "losses": F.cross_entropy(logits, y, reduction="none")}
                self._emit("on_batch_end", ctx)
        summary = {}
        self._emit("on_eval_end", {"loop": self, "summary": summary})
        self.model.train()
        return summary


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
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        loop = EvalLoop(model, [RunningAccuracy(), HardExampleMiner(threshold=CONFIG["hard_loss"])])
        summary = loop.run(batches(CONFIG["val_steps"], seed=4242))
        history.append(summary)
        print(f"epoch {epoch}: acc={summary['acc']:.3f} hard={summary['hard_batches']}")


if __name__ == "__main__":
    main()
