"""Multi-class classifier experiments; every evaluation is recorded in the shared event log."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from eventlog import EVENTS, EvalEvent


class Classifier(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 24), nn.LayerNorm(24), nn.GELU())
        self.head = nn.Linear(24, classes)

    def forward(self, x):
        return self.head(self.encoder(x))


@torch.no_grad()
def evaluate(model, x, y, classes):
    logits = model(x)
    pred = logits.argmax(-1)
    per_class = [float((pred[y == c] == c).float().mean()) if (y == c).any() else 0.0 for c in range(classes)]
    return F.cross_entropy(logits, y).item(), per_class


def experiment(name, classes=3, epochs=3):
    model = Classifier(6, classes)
    opt = torch.optim.AdamW(model.parameters(), lr=5e-3)
    x, y = torch.randn(48, 6), torch.randint(0, classes, (48,))
    xv, yv = torch.randn(24, 6), torch.randint(0, classes, (24,))
    best = float("inf")
    for epoch in range(epochs):
        for xb, yb in zip(x.split(16), y.split(16)):
            loss = F.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        val_loss, per_class = evaluate(model, xv, yv, classes)
        weights = model.state_dict() if val_loss < best else {}
        best = min(best, val_loss)
        EVENTS.emit(EvalEvent(name, epoch, val_loss, per_class, weights))
    return best


def main():
    torch.manual_seed(0)
    results = {name: experiment(name) for name in ("baseline", "wide", "long")}
    return results, len(EVENTS.replay())


if __name__ == "__main__":
    main()
