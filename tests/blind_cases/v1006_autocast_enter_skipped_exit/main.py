"""Callback-driven trainer; a few short fits with mixed precision and early stopping."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from callbacks import CPUMixedPrecision, EarlyStop


class Trainer:
    def __init__(self, model, callbacks, lr=1e-2):
        self.model = model
        self.callbacks = list(callbacks)
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.scaler = torch.cuda.amp.GradScaler(enabled=torch.cuda.is_available())

    def _emit(self, hook, *args):
        return any([getattr(cb, hook)(self, *args) for cb in self.callbacks])

    def train_epoch(self, batches):
        self.model.train()
        for x, y in batches:
            loss = F.cross_entropy(self.model(x).float(), y)
            self.opt.zero_grad()
            self.scaler.scale(loss).backward()
            self.scaler.step(self.opt)
            self.scaler.update()

    def validate(self, batches):
        self.model.eval()
        with torch.no_grad():
            return sum(F.cross_entropy(self.model(x).float(), y).item() for x, y in batches)

    def fit(self, train, val, max_epochs=8):
        self._emit("on_fit_start")
        for epoch in range(max_epochs):
            self.train_epoch(train)
            if self._emit("on_epoch_end", epoch, self.validate(val)):
                return epoch
        self._emit("on_fit_end")
        return max_epochs


def batches(n, d=10, bs=16):
    return [(torch.randn(bs, d), torch.randint(0, 3, (bs,))) for _ in range(n)]


def main():
    train, val = batches(3), batches(1)
    for seed in range(2):
        torch.manual_seed(seed)
        model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))
        trainer = Trainer(model, [CPUMixedPrecision(), EarlyStop(patience=1)], lr=0.5)
        trainer.fit(train, val)


if __name__ == "__main__":
    main()
