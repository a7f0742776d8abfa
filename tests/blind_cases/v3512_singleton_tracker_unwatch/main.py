"""Sweep over GRU hidden sizes, logged through the process-wide tracker."""
import torch
import torch.nn as nn

from tracking import ExperimentTracker


class SeqClassifier(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.rnn = nn.GRU(4, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 2)

    def forward(self, x):
        _, h = self.rnn(x)
        return self.head(h[-1])


def run(hidden, steps=4):
    tracker = ExperimentTracker()
    tracker.init_run(f"gru-{hidden}")
    model = SeqClassifier(hidden)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    tracker.watch(model, log_freq=2)
    try:
        for step in range(steps):
            x = torch.randn(8, 5, 4)
            y = (x[:, -1, 0] > 0).long()
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tracker.log(step, loss=loss.item())
    finally:
        tracker.finish()
    return tracker.summary[f"gru-{hidden}"]


def main():
    summaries = [run(h) for h in (8, 16)]
    assert all("loss" in s for s in summaries)


if __name__ == "__main__":
    main()
