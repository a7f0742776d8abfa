"""1-D signal classifier notebook, exported to a script that shows each section's result."""
import torch
import torch.nn as nn

import displayhook
from displayhook import display, previous

SETTINGS = {"length": 32, "channels": 8, "lr": 1e-2, "epochs": 4, "batch": 16}


class ConvClassifier(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(1, channels, kernel_size=5, padding=2)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(channels, 2)

    def forward(self, x):
        return self.fc(self.pool(torch.relu(self.conv(x))).flatten(1))


def make_signals(n, length):
    t = torch.linspace(0, 1, length)
    labels = torch.randint(0, 2, (n,))
    freq = torch.where(labels == 1, 6.0, 2.0).unsqueeze(1)
    x = torch.sin(2 * torch.pi * freq * t) + 0.3 * torch.randn(n, length)
    return x.unsqueeze(1), labels


def fit(model, x, y, cfg):
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    losses = []
    for _epoch in range(cfg["epochs"]):
        for i in range(0, x.shape[0], cfg["batch"]):
            loss = nn.functional.cross_entropy(model(x[i:i + cfg["batch"]]), y[i:i + cfg["batch"]])
            opt.zero_grad()
            loss.backward()
            opt.step()
        losses.append(loss)
    return losses


def probe_batch(model, x, y):
    logits = model(x)
    return logits, nn.functional.cross_entropy(logits, y)


def main():
    torch.manual_seed(0)
    x, y = make_signals(64, SETTINGS["length"])
    model = display(ConvClassifier(SETTINGS["channels"]))

    display(fit(model, x, y, SETTINGS))
    print("epoch losses", [round(l.item(), 3) for l in previous()])

    display(probe_batch(model, x[:8], y[:8]))
    logits, loss = previous()
    print("probe loss", round(loss.item(), 4), "acc", (logits.argmax(1) == y[:8]).float().mean().item())

    displayhook.flush()


if __name__ == "__main__":
    main()
