"""Hyper-parameter sweep whose runs mirror console output into a per-run log (rank-0 printing)."""
import builtins
import datetime
import io

import torch
import torch.nn as nn


class RunLogger:
    def __init__(self, run_name, is_main_process=True):
        self.run_name = run_name
        self.buffer = io.StringIO()
        self.step = 0
        self.watched = None
        self.setup_console(is_main_process)

    def setup_console(self, is_main_process):
        """Only the main process prints unless force=True; every line also goes to the run log."""
        builtin_print = builtins.print

        def print(*args, **kwargs):  # retain
            force = kwargs.pop("force", False)
            if is_main_process or force:
                stamp = datetime.datetime.now().strftime("%H:%M:%S")
                builtin_print(f"[{stamp} {self.run_name}]", *args, **kwargs)
                builtin_print(f"[{self.step}]", *args, file=self.buffer)

        builtins.print = print  # retain

    def watch(self, model):
        self.watched = model

    def log_step(self, loss, every=5):
        self.step += 1
        if self.step % every == 0:
            norms = [p.grad.norm() for p in self.watched.parameters() if p.grad is not None]
            print(f"step {self.step} loss {loss:.4f} grad-norm {torch.stack(norms).norm():.3f}")

    def text(self):
        return self.buffer.getvalue()


def build(width, dropout):
    return nn.Sequential(nn.Linear(12, width), nn.GELU(), nn.Dropout(dropout), nn.Linear(width, 3))


def run(cfg, data):
    logger = RunLogger(f"w{cfg['width']}-d{cfg['dropout']}")
    model = build(cfg["width"], cfg["dropout"])
    logger.watch(model)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], weight_decay=0.01)
    x, y = data
    for epoch in range(2):
        for i in range(0, len(x), 16):
            loss = nn.functional.cross_entropy(model(x[i:i + 16]), y[i:i + 16])
            opt.zero_grad()
            loss.backward()
            opt.step()
            logger.log_step(loss.item())
    model.eval()
    with torch.no_grad():
        acc = (model(x).argmax(1) == y).float().mean().item()
    print(f"final accuracy {acc:.3f}", force=True)
    return acc, len(logger.text().splitlines())


def main():
    torch.manual_seed(0)
    x = torch.randn(96, 12)
    y = torch.bucketize(x[:, 0] + x[:, 1], torch.tensor([-0.5, 0.5]))
    sweep = [{"width": w, "dropout": d, "lr": 3e-3} for w in (16, 32) for d in (0.0, 0.1)]
    results = {(c["width"], c["dropout"]): run(c, (x, y)) for c in sweep}
    best = max(results, key=lambda k: results[k][0])
    print("best config:", best, results[best])


if __name__ == "__main__":
    main()
