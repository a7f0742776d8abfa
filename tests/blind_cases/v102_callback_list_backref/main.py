"""Classifier trainer driven through a CallbackList; one trainer per hyper-parameter trial."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from callbacks import CallbackList, GradNormMonitor, LossSpikeGuard, LRLogger


class Trainer:
    def __init__(self, model, lr, callbacks):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.should_stop = False
        self.cbs = CallbackList(callbacks)  # cycle
        self.cbs.bind(self)

    def fit(self, max_steps=4):
        self.cbs.dispatch("on_fit_start")
        for step in range(max_steps):
            x = torch.randn(32, 12)
            y = (x[:, :3].sum(1) > 0).long()
            loss = F.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.cbs.dispatch("on_after_backward")
            self.optimizer.step()
            self.cbs.dispatch("on_batch_end", step, loss.item())
            if self.should_stop:
                break


def main():
    torch.manual_seed(1)
    for lr in (1e-3, 3e-3, 1e-2):
        model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 2))
        trainer = Trainer(model, lr, [GradNormMonitor(), LossSpikeGuard(), LRLogger()])
        trainer.fit()


if __name__ == "__main__":
    main()
