"""Two-tower retrieval model; each epoch's stderr is archived with the run."""
import contextlib
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

from status import StatusLine
from teelog import EpochLog


class Run:
    def __init__(self, name, dim=16):
        self.name = name
        self.query_tower = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, 8))
        self.doc_tower = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, 8))
        params = list(self.query_tower.parameters()) + list(self.doc_tower.parameters())
        self.optimizer = torch.optim.Adam(params, lr=2e-3)
        self.epoch_logs = {}

    def step(self, queries, docs, temperature=0.1):
        q = F.normalize(self.query_tower(queries), dim=1)
        d = F.normalize(self.doc_tower(docs), dim=1)
        logits = q @ d.t() / temperature
        loss = F.cross_entropy(logits, torch.arange(len(queries)))
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()


def fit(run, epochs=3, steps=4):
    status = None
    for epoch in range(epochs):
        tee = EpochLog(run, epoch, sys.stderr)
        with contextlib.redirect_stderr(tee):  # retain
            for step in range(steps):
                queries = torch.randn(16, 16)
                docs = queries + 0.3 * torch.randn(16, 16)
                loss = run.step(queries, docs)
                if status is None:
                    status = StatusLine(run.name)
                status.update(f"epoch {epoch} step {step} loss {loss:.3f}")
            print(f"epoch {epoch} finished, last loss {loss:.4f}", file=sys.stderr)
        tee.close()
    if status is not None:
        status.close()
    return run.epoch_logs


def main():
    for name in ("inbatch-neg", "inbatch-neg-wd"):
        logs = fit(Run(name))
        print(f"{name}: archived {sum(len(v) for v in logs.values())} chars of stderr")


if __name__ == "__main__":
    main()
