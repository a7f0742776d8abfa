"""Notebook driver that runs the `fit` CLI command in-process for several argument sets."""
import torch
import torch.nn as nn

from clikit import command


class MetricsTrainer:
    def __init__(self, hidden, lr):
        self.model = nn.Sequential(nn.Linear(4, hidden), nn.ReLU(), nn.Linear(hidden, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=lr)
        self.pending = []
        self.ctx = None

    def attach(self, ctx):
        self.ctx = ctx
        ctx.call_on_close(self.flush_metrics)

    def flush_metrics(self):
        if self.ctx.params.get("verbose"):
            print("flushed", len(self.pending), "records")
        self.pending.clear()

    def fit(self, epochs):
        for epoch in range(epochs):
            for _ in range(3):
                x = torch.randn(16, 4)
                loss = nn.functional.mse_loss(self.model(x), x.mean(1, keepdim=True))
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            self.pending.append({"epoch": epoch, "loss": loss.item()})
        return self.pending[-1]["loss"]


@command("fit", hidden=16, lr=0.05, epochs=1, verbose=0)
def fit_command(ctx, hidden, lr, epochs, verbose):
    trainer = MetricsTrainer(hidden, lr)
    trainer.attach(ctx)
    return trainer.fit(epochs)


def run_in_notebook(cmd, args):
    with cmd.make_context(args, obj={"source": "notebook"}) as ctx:
        return cmd.invoke(ctx)


def main():
    grid = [["--hidden=8"], ["--hidden=32", "--lr=0.02"], ["--epochs=2", "--verbose=1"]]
    results = [run_in_notebook(fit_command, args) for args in grid]
    assert len(results) == 3


if __name__ == "__main__":
    main()
