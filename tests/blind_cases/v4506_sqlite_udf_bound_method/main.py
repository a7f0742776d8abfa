"""K-fold cross-validation with a fresh model, optimizer and tracker per fold."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tracking import SQLiteTracker

STEPS_PER_EPOCH = 4


class FoldData:
    def __init__(self, fold, n_folds, n=96, dim=10):
        g = torch.Generator().manual_seed(1234)
        self.x = torch.randn(n, dim, generator=g)
        self.y = (self.x[:, 0] * self.x[:, 1] > 0).long()
        idx = torch.arange(n)
        self.val_mask = idx % n_folds == fold

    def train_batches(self, batch_size=16):
        x, y = self.x[~self.val_mask], self.y[~self.val_mask]
        for i in range(STEPS_PER_EPOCH):
            sl = slice(i * batch_size, (i + 1) * batch_size)
            yield x[sl], y[sl]

    def val_set(self):
        return self.x[self.val_mask], self.y[self.val_mask]


def run_fold(fold, n_folds=3, epochs=2):
    data = FoldData(fold, n_folds)
    model = nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, 2))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    tracker = SQLiteTracker(f"fold{fold}", STEPS_PER_EPOCH)
    tracker.watch(model)
    step = 0
    for _ in range(epochs):
        for x, y in data.train_batches():
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            tracker.log(step, **{"train/loss": loss.item()})
            step += 1
        tracker.log_weight_norms(step)
        with torch.no_grad():
            vx, vy = data.val_set()
            acc = (model(vx).argmax(1) == vy).float().mean().item()
        tracker.log(step, **{"val/acc": acc})
    return tracker.finish()


def main():
    summaries = [run_fold(k) for k in range(3)]
    return [s["loss_by_epoch"][-1][1] for s in summaries]


if __name__ == "__main__":
    main()
