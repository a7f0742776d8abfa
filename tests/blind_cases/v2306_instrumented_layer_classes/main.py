"""Ablation over kernel sizes for a 1D conv classifier; each run logs mean absolute layer outputs."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from instrument import OutputLog, instrument, uninstrument


class ConvClassifier(nn.Module):
    def __init__(self, channels=4, width=16, kernel=3, classes=3):
        super().__init__()
        self.conv1 = nn.Conv1d(channels, width, kernel, padding=kernel // 2)
        self.conv2 = nn.Conv1d(width, width, kernel, padding=kernel // 2)
        self.fc = nn.Linear(width, classes)

    def forward(self, x):
        h = F.relu(self.conv1(x))
        h = F.relu(self.conv2(h))
        return self.fc(h.mean(dim=-1))


def run_ablation(kernel, steps=3):
    model = ConvClassifier(kernel=kernel)
    log = OutputLog(tag=f"k{kernel}")
    instrument(model, log)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        x, y = torch.randn(8, 4, 20), torch.randint(0, 3, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    stats = log.summary()
    uninstrument(model)
    return loss.item(), stats


def main():
    torch.manual_seed(0)
    results = {k: run_ablation(k) for k in (3, 5)}
    best_kernel = min(results, key=lambda k: results[k][0])
    assert best_kernel in (3, 5)


if __name__ == "__main__":
    main()
