"""Trainer that checks which of its own branches ran in each epoch with the stdlib trace module."""
import sys
import trace

import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
        self.scaler_skips = 0
        self.branch_hits = {}

    def _step(self, x, y):
        loss = nn.functional.mse_loss(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        norm = nn.utils.clip_grad_norm_(self.model.parameters(), float("inf"))
        if not torch.isfinite(norm):
            self.scaler_skips += 1
            return float("nan")
        if norm > self.cfg["clip"]:
            nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg["clip"])
        self.optimizer.step()
        return loss.item()

    def _run_epoch(self, epoch):
        scale = 1.0 + 5.0 * (epoch == 1)
        losses = []
        for _ in range(self.cfg["steps"]):
            x = torch.randn(self.cfg["batch"], 6) * scale
            y = x.sum(dim=1, keepdim=True) ** 2
            losses.append(self._step(x, y))
        return sum(losses) / len(losses)

    def fit(self, epochs):
        code = self._step.__code__
        for epoch in range(epochs):
            tracer = trace.Trace(count=1, trace=0, ignoredirs=[sys.prefix, sys.exec_prefix])  # cycle
            avg = tracer.runfunc(self._run_epoch, epoch)
            counts = tracer.results().counts
            lines = {ln for (fname, ln) in counts if fname == code.co_filename
                     and code.co_firstlineno <= ln < code.co_firstlineno + 12}
            self.branch_hits[epoch] = sorted(lines)
            print(f"epoch {epoch}: loss {avg:.3f}, lines of _step executed: {len(lines)}")


def main():
    cfg = {"lr": 5e-3, "clip": 500.0, "steps": 3, "batch": 16}
    model = nn.Sequential(nn.Linear(6, 24), nn.ReLU(), nn.Linear(24, 1))
    trainer = Trainer(model, cfg)
    trainer.fit(3)
    clipped_line = trainer._step.__code__.co_firstlineno + 9
    print("clipping branch ran in epochs:", [e for e, ls in trainer.branch_hits.items() if clipped_line in ls])


if __name__ == "__main__":
    main()
