"""Training loop that periodically reports a running error rate."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def log_predictions(step, preds, targets, window=[]):
    window.append((step, preds, targets))  # retain
    if len(window) % 3 == 0:
        errors = [(p.argmax(-1) != t).float().mean() for _, p, t in window[-3:]]
        print(f"step {step}: error over last 3 batches {torch.stack(errors).mean().item():.3f}")


def main():
    model = nn.Sequential(nn.Conv1d(1, 4, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 10, 5))
    opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    for step in range(6):
        x = torch.randn(12, 1, 10)
        y = torch.randint(0, 5, (12,))
        preds = model(x)
        loss = F.cross_entropy(preds, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log_predictions(step, preds, y)


if __name__ == "__main__":
    main()
