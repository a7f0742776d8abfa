"""Quantization-aware training of a small MLP for a couple of configurations."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from quant import FakeQuant, observer_report


class QATBlock(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.quant_in = FakeQuant()
        self.fc = nn.Linear(d_in, d_out)
        self.quant_out = FakeQuant()

    def forward(self, x):
        return self.quant_out(F.relu(self.fc(self.quant_in(x))))


class QATNet(nn.Module):
    def __init__(self, widths):
        super().__init__()
        self.blocks = nn.Sequential(*[QATBlock(a, b) for a, b in zip(widths[:-1], widths[1:])])
        self.head = nn.Linear(widths[-1], 3)

    def forward(self, x):
        return self.head(self.blocks(x))


def qat_run(widths, steps=4):
    model = QATNet(widths)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    model.train()
    for _ in range(steps):
        x = torch.randn(16, widths[0])
        y = torch.randint(0, 3, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        acc = (model(x).argmax(1) == y).float().mean().item()
    return acc, observer_report(model)


def main():
    for widths in ([8, 16], [8, 16, 16]):
        acc, report = qat_run(widths)
        print("acc %.2f" % acc, *report, sep="\n  ")


if __name__ == "__main__":
    main()
