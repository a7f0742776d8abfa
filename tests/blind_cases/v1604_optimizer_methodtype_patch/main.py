"""Gradient-clipping sweep: every trial gets a fresh model and a prepared optimizer."""
import torch
import torch.nn as nn

from optim_patches import prepare_optimizer


def make_model():
    return nn.Sequential(nn.Conv1d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool1d(1),
                         nn.Flatten(), nn.Linear(8, 2))


def run_trial(max_norm, lr, steps=4):
    model = make_model()
    optimizer = prepare_optimizer(torch.optim.Adam(model.parameters(), lr=lr), max_norm=max_norm)
    for _ in range(steps):
        x = torch.randn(10, 3, 16)
        y = torch.randint(0, 2, (10,))
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    state = optimizer._clip_state
    return loss.item(), max(state.norms), state.skipped


def main():
    results = {}
    for max_norm in (0.5, 1.0, 5.0):
        results[max_norm] = run_trial(max_norm, lr=1e-3)
    return min(results, key=lambda k: results[k][0])


if __name__ == "__main__":
    main()
