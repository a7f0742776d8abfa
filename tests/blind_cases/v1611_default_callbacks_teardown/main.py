"""K-fold training with a minimal callback-driven trainer."""
import torch
import torch.nn as nn

from callbacks import DEFAULT_CALLBACKS


class Trainer:
    def __init__(self, model, lr=0.05, callbacks=None):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        chosen = DEFAULT_CALLBACKS if callbacks is None else callbacks
        self.callbacks = sorted(chosen, key=lambda cb: cb.order)
        self.stop_training = False

    def _run_epoch(self, batches):
        total = 0.0
        for x, y in batches:
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss.item()
        return total / len(batches)

    def fit(self, batches, epochs):
        for cb in self.callbacks:
            cb.setup(self)
        try:
            for epoch in range(epochs):
                logs = {"loss": self._run_epoch(batches)}
                for cb in self.callbacks:
                    cb.on_epoch_end(epoch, logs)
                if self.stop_training:
                    break
            for cb in self.callbacks:
                cb.on_fit_end()
        finally:
            for cb in self.callbacks:
                cb.teardown()
        return logs


def make_batches(n_batches, seed):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(16, 12, generator=g), torch.randint(0, 3, (16,), generator=g)) for _ in range(n_batches)]


def main():
    scores = []
    for fold in range(3):
        model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 3))
        logs = Trainer(model).fit(make_batches(3, fold), epochs=2)
        scores.append(logs["loss"])
    return sum(scores) / len(scores)


if __name__ == "__main__":
    main()
