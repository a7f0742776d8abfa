"""Grid search over weight decay; each trial reports progress on the shared console."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from console import sweep_log, use_progress_format


class Trial:
    def __init__(self, name, weight_decay, max_epochs=3):
        self.name = name
        self.max_epochs = max_epochs
        self.epoch = 0
        self.model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 4))
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=3e-3, weight_decay=weight_decay)
        self.val_history = []

    def _train_step(self, x, y):
        loss = F.cross_entropy(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    @torch.no_grad()
    def _validate(self, x, y):
        self.model.eval()
        acc = (self.model(x).argmax(1) == y).float().mean().item()
        self.model.train()
        return acc

    def fit(self, data, val):
        use_progress_format(self)
        for epoch in range(self.max_epochs):
            self.epoch = epoch
            losses = [self._train_step(x, y) for x, y in data]
            acc = self._validate(*val)
            self.val_history.append(acc)
            sweep_log.info("loss %.3f val_acc %.3f", sum(losses) / len(losses), acc)
        return max(self.val_history)


def main():
    data = [(torch.randn(16, 10), torch.randint(0, 4, (16,))) for _ in range(3)]
    val = (torch.randn(32, 10), torch.randint(0, 4, (32,)))
    scores = {}
    for wd in (0.0, 1e-4, 1e-2):
        trial = Trial(f"wd={wd:g}", weight_decay=wd)
        scores[wd] = trial.fit(data, val)
    sweep_log.info("best weight decay: %g", max(scores, key=scores.get))


if __name__ == "__main__":
    main()
