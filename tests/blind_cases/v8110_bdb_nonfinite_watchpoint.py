"""Heteroscedastic regression with a bdb-based watchpoint for non-finite locals."""
import bdb

import torch
import torch.nn as nn

WATCH = {"names": ("mean", "log_var", "nll"), "every": 2, "skip": ("torch", "torch.*", "contextlib")}


class NonFiniteWatchpoint(bdb.Bdb):
    """Single-steps a call and notes lines where a watched local stops being finite."""

    def __init__(self, names, skip):
        super().__init__(skip=skip)
        self.names = names
        self.hits = []
        self.lines_seen = 0

    def user_call(self, frame, argument_list):
        self.set_step()

    def user_line(self, frame):
        self.lines_seen += 1
        local_vars = frame.f_locals
        for name in self.names:
            value = local_vars.get(name)
            if isinstance(value, torch.Tensor) and not bool(torch.isfinite(value).all()):
                self.hits.append((frame.f_code.co_name, frame.f_lineno, name))
        self.set_step()

    def user_return(self, frame, return_value):
        self.set_step()


class GaussianHead(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(dim, 32), nn.ReLU())
        self.mean = nn.Linear(32, 1)
        self.log_var = nn.Linear(32, 1)

    def forward(self, x):
        h = self.trunk(x)
        return self.mean(h), self.log_var(h).clamp(-10.0, 10.0)


class Trainer:
    def __init__(self, model, lr=3e-3):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.watch = NonFiniteWatchpoint(WATCH["names"], WATCH["skip"])  # cycle

    def train_step(self, x, y):
        mean, log_var = self.model(x)
        nll = 0.5 * (log_var + (y - mean).pow(2) / log_var.exp()).mean()
        self.optimizer.zero_grad()
        nll.backward()
        self.optimizer.step()
        return nll.item()

    def fit(self, steps):
        history = []
        for step in range(steps):
            x = torch.randn(32, 4)
            y = x[:, :1] * 2.0 + torch.randn(32, 1) * (0.1 + x[:, 1:2].abs())
            if step % WATCH["every"] == 0:
                loss = self.watch.runcall(self.train_step, x, y)  # cycle
            else:
                loss = self.train_step(x, y)
            history.append(loss)
        return history


def main():
    for run in range(2):
        trainer = Trainer(GaussianHead(4))
        history = trainer.fit(5)
        print(f"run {run}: final nll {history[-1]:.3f}, stepped {trainer.watch.lines_seen} lines, "
              f"non-finite hits {trainer.watch.hits}")


if __name__ == "__main__":
    main()
