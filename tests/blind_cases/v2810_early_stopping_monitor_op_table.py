"""Early stopping and plateau LR decay written as small callbacks driven by a trainer."""
import math

import torch
import torch.nn as nn

_MONITOR_OPS = {"min": torch.lt, "max": torch.gt}


class Callback:
    def on_validation_end(self, trainer, metrics):
        pass


class EarlyStopping(Callback):
    def __init__(self, monitor="val_loss", mode="min", patience=2, min_delta=0.0, restore_best=True):
        self.monitor = monitor
        self.monitor_op = _MONITOR_OPS[mode]
        self.min_delta = min_delta if mode == "max" else -min_delta
        self.patience = patience
        self.restore_best = restore_best
        self.best_score = torch.tensor(math.inf if mode == "min" else -math.inf)
        self.best_state = None
        self.wait = 0
        self.describe = "{}={:.4f} best={:.4f} wait={}/{}".format

    def on_validation_end(self, trainer, metrics):
        current = torch.tensor(float(metrics[self.monitor]))
        if self.monitor_op(current - self.min_delta, self.best_score):
            self.best_score, self.wait = current, 0
            if self.restore_best:
                self.best_state = {k: v.detach().clone() for k, v in trainer.model.state_dict().items()}
        else:
            self.wait += 1
            if self.wait >= self.patience:
                trainer.should_stop = True
        trainer.messages.append(self.describe(self.monitor, current.item(), self.best_score.item(),
                                              self.wait, self.patience))


class PlateauDecay(Callback):
    def __init__(self, optimizer, monitor="val_loss", **kwargs):
        self.monitor = monitor
        self.scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, **kwargs)

    def on_validation_end(self, trainer, metrics):
        self.scheduler.step(metrics[self.monitor])


class Trainer:
    def __init__(self, model, lr, callbacks_factory):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.callbacks = callbacks_factory(self.optimizer)
        self.should_stop = False
        self.messages = []

    def fit(self, train, val, max_epochs=10):
        for epoch in range(max_epochs):
            for x, y in train:
                loss = nn.functional.mse_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            with torch.no_grad():
                metrics = {"val_loss": nn.functional.mse_loss(self.model(val[0]), val[1]).item()}
            for cb in self.callbacks:
                cb.on_validation_end(self, metrics)
            if self.should_stop:
                break
        stopper = next(cb for cb in self.callbacks if isinstance(cb, EarlyStopping))
        if stopper.best_state is not None:
            self.model.load_state_dict(stopper.best_state)
        return epoch + 1, stopper.best_score.item()


def make_split(seed, n=48):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 3, generator=g)
    y = torch.sin(x[:, :1]) + 0.3 * torch.randn(n, 1, generator=g)
    train = [(x[i:i + 8], y[i:i + 8]) for i in range(0, 32, 8)]
    return train, (x[32:], y[32:])


def main():
    torch.manual_seed(0)
    for seed, lr in [(0, 0.02), (1, 0.05)]:
        train, val = make_split(seed)
        model = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 1))
        trainer = Trainer(model, lr, lambda opt: [
            EarlyStopping(patience=2, min_delta=1e-3),
            PlateauDecay(opt, mode="min", factor=0.5, patience=1),
        ])
        epochs, best = trainer.fit(train, val)
        print(f"seed {seed}: stopped after {epochs} epochs, best val_loss {best:.4f}; {trainer.messages[-1]}")


if __name__ == "__main__":
    main()
