"""Learning-rate sweep; each trainer connects its own methods to a signal hub."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from signals import SignalHub


class Trainer:
    def __init__(self, model, lr=1e-2, log_every=2):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
        self.log_every = log_every
        self.history = {"train": [], "val": []}
        self.hub = SignalHub()
        self.hub.connect("batch_end", self._log_train)
        self.hub.connect("val_end", self._log_val)
        for name in ("nan",):
            self.hub.connect("batch_end", getattr(self, f"_check_{name}"))

    def _log_train(self, step, loss):
        self.history["train"].append(loss)
        if step % self.log_every == 0:
            print(f"[train] step={step:03d} loss={loss:.4f}")

    def _log_val(self, step, loss):
        self.history["val"].append(loss)
        print(f"[val] after step {step}: {loss:.4f}")

    def _check_nan(self, step, loss):
        if loss != loss:
            raise FloatingPointError(f"loss is NaN at step {step}")

    def fit(self, loader, val_batch):
        self.model.train()
        step = 0
        for step, (x, y) in enumerate(loader):
            loss = F.cross_entropy(self.model(x), y, label_smoothing=0.1)
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.optimizer.step()
            self.hub.send("batch_end", step=step, loss=loss.item())
        self.model.eval()
        with torch.no_grad():
            vx, vy = val_batch
            vloss = F.cross_entropy(self.model(vx), vy).item()
        self.hub.send("val_end", step=step, loss=vloss)
        return vloss


def make_loader(n_batches, batch_size=16, dim=20, classes=4):
    g = torch.Generator().manual_seed(0)
    for _ in range(n_batches):
        yield torch.randn(batch_size, dim, generator=g), torch.randint(0, classes, (batch_size,), generator=g)


def main():
    val_batch = (torch.randn(32, 20), torch.randint(0, 4, (32,)))
    results = {}
    for lr in (3e-3, 1e-2, 3e-2):
        model = nn.Sequential(nn.Linear(20, 64), nn.GELU(), nn.Linear(64, 4))
        trainer = Trainer(model, lr=lr)
        results[lr] = trainer.fit(make_loader(4), val_batch)
    best = min(results, key=results.get)
    print(f"best lr={best:g} val_loss={results[best]:.4f}")


if __name__ == "__main__":
    main()
