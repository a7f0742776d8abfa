"""Width sweep for a pruned MLP; every run builds a Trainer from the shared defaults."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from defaults import TRAINER_DEFAULTS


class Trainer:
    def __init__(self, max_epochs, steps_per_epoch, lr, callbacks=()):
        self.max_epochs = max_epochs
        self.steps_per_epoch = steps_per_epoch
        self.lr = lr
        self.callbacks = list(callbacks)
        self.logged = {}

    def log(self, key, value):
        self.logged.setdefault(key, []).append(value)

    @staticmethod
    def sparsity(params):
        zeros = sum(int((getattr(m, n) == 0).sum()) for m, n in params)
        total = sum(getattr(m, n).numel() for m, n in params)
        return zeros / max(total, 1)

    def _call(self, hook, model):
        for cb in self.callbacks:
            getattr(cb, hook)(self, model)

    def fit(self, model):
        self._call("setup", model)
        opt = torch.optim.SGD(model.parameters(), lr=self.lr)
        for _ in range(self.max_epochs):
            for _ in range(self.steps_per_epoch):
                x, y = torch.randn(32, 10), torch.randint(0, 3, (32,))
                loss = F.cross_entropy(model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
            self._call("on_train_epoch_end", model)
        self._call("on_train_end", model)
        return loss.item()


def main():
    results = {}
    for width in (16, 32, 64):
        torch.manual_seed(width)
        model = nn.Sequential(nn.Linear(10, width), nn.ReLU(), nn.Linear(width, 3))
        trainer = Trainer(**TRAINER_DEFAULTS)
        results[width] = (trainer.fit(model), trainer.logged["sparsity"][-1])
    for width, (loss, sparsity) in results.items():
        print(f"width={width} loss={loss:.3f} sparsity={sparsity:.2f}")


if __name__ == "__main__":
    main()
