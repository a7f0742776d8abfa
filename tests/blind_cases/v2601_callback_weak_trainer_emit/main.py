"""Learning-rate sweep: one trainer (with its callbacks) per candidate learning rate."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from callbacks import LearningRateMonitor, MetricsLogger


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=1, gamma=0.5)
        self.callbacks = sorted(callbacks, key=lambda cb: cb.order)  # cycle
        self.logged = []
        self.global_step = 0
        for cb in self.callbacks:
            cb.setup(self)

    def log_metrics(self, metrics):
        self.logged.append((self.global_step, dict(metrics)))

    def _run_hook(self, name, *args):
        for cb in self.callbacks:
            getattr(cb, name)(*args)

    def training_step(self, batch):
        x, y = batch
        loss = F.cross_entropy(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return {"loss": loss.item()}

    def fit(self, batches, epochs):
        self.model.train()
        for epoch in range(epochs):
            for batch_idx, batch in enumerate(batches):
                outputs = self.training_step(batch)
                self.global_step += 1
                self._run_hook("on_train_batch_end", outputs, batch_idx)
            self.scheduler.step()
            self._run_hook("on_epoch_end", epoch)
        self._run_hook("teardown")
        return self.logged[-1][1] if self.logged else {}


def make_batches(n_batches, batch_size=16, n_features=12, n_classes=3):
    return [(torch.randn(batch_size, n_features), torch.randint(0, n_classes, (batch_size,)))
            for _ in range(n_batches)]


def main():
    torch.manual_seed(0)
    batches = make_batches(4)
    results = {}
    for lr in (0.1, 0.03, 0.01):
        model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 3))
        trainer = Trainer(model, lr, callbacks=[LearningRateMonitor(), MetricsLogger(every_n_steps=2)])
        results[lr] = trainer.fit(batches, epochs=2)
    best = min(results, key=lambda k: results[k]["train/loss_smooth"])
    print("best lr", best, results[best])


if __name__ == "__main__":
    main()
