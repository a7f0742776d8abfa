"""Batch-size back-off with an OOM forensics report of the largest live tensors and their holders."""
import gc

import torch
import torch.nn as nn

CONFIG = {"steps": 6, "batch_size": 128, "min_batch": 16, "row_budget": 40, "features": 256, "top_k": 3}


class MemoryBoundNet(nn.Module):
    def __init__(self, features, row_budget):
        super().__init__()
        self.row_budget = row_budget
        self.encoder = nn.Sequential(nn.Linear(features, 32), nn.ReLU())
        self.head = nn.Linear(32, 1)

    def forward(self, x):
        h = self.encoder(x)
        if x.shape[0] > self.row_budget:
            raise torch.cuda.OutOfMemoryError(f"CUDA out of memory while running {x.shape[0]} rows")
        return self.head(h)


def largest_tensors(k):
    tensors = [obj for obj in gc.get_objects() if torch.is_tensor(obj)]
    tensors.sort(key=lambda t: t.numel() * t.element_size(), reverse=True)
    return tensors[:k]


class OOMForensics:
    def __init__(self, top_k):
        self.top_k = top_k
        self.reports = []  # cycle

    def snapshot(self, where):
        entries = []
        for tensor in largest_tensors(self.top_k):
            holders = [ref for ref in gc.get_referrers(tensor) if not isinstance(ref, list)]  # cycle
            size_mb = tensor.numel() * tensor.element_size() / 2**20
            entries.append({"shape": tuple(tensor.shape), "mb": size_mb, "holders": holders})  # cycle
        self.reports.append({"where": where, "tensors": entries})  # cycle

    def summary(self):
        rows = []
        for report in self.reports:
            for e in report["tensors"]:
                kinds = ",".join(sorted({type(h).__name__ for h in e["holders"]}))
                rows.append(f"{report['where']}: {e['shape']} {e['mb']:.2f} MB held by {kinds}")
        return rows


class BackoffTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=0.01)
        self.batch_size = cfg["batch_size"]
        self.forensics = OOMForensics(cfg["top_k"])  # cycle
        self.staged = None

    def stage(self):
        self.staged = torch.randn(self.cfg["batch_size"], self.cfg["features"])

    def step(self, index):
        x = self.staged[: self.batch_size]
        try:
            loss = self.model(x).pow(2).mean()
        except torch.cuda.OutOfMemoryError:
            self.forensics.snapshot(f"step {index} bs={self.batch_size}")
            self.batch_size = max(self.cfg["min_batch"], self.batch_size // 2)
            return None
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self):
        losses = []
        for index in range(self.cfg["steps"]):
            self.stage()
            losses.append(self.step(index))
        return losses


def main():
    model = MemoryBoundNet(CONFIG["features"], CONFIG["row_budget"])
    trainer = BackoffTrainer(model, CONFIG)
    losses = trainer.fit()
    print("losses:", ["oom" if v is None else round(v, 4) for v in losses])
    print("\n".join(trainer.forensics.summary()))


if __name__ == "__main__":
    main()
