"""Validation pass that keeps every prediction for a confusion matrix, per epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

VAL_PREDICTIONS = {}


def validate(model, batches, epoch):
    model.eval()
    preds, targets = [], []
    with torch.no_grad():
        for x, y in batches:
            logits = model(x)
            preds.append(logits.argmax(-1))
            targets.append(y)
    model.train()
    VAL_PREDICTIONS[epoch] = (torch.cat(preds).tolist(), torch.cat(targets).tolist())
    p, t = VAL_PREDICTIONS[epoch]
    return sum(int(a == b) for a, b in zip(p, t)) / len(t)


def main():
    model = nn.Sequential(nn.Linear(6, 24), nn.Tanh(), nn.Linear(24, 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    val_batches = [(torch.randn(20, 6), torch.randint(0, 3, (20,))) for _ in range(3)]
    for epoch in range(3):
        for _ in range(4):
            x = torch.randn(32, 6)
            y = torch.randint(0, 3, (32,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} val acc {validate(model, val_batches, epoch):.3f}")


if __name__ == "__main__":
    main()
