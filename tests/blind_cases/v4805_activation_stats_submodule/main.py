"""Conv classifier that reports per-block activation statistics during training."""
import torch
import torch.nn as nn

from actstats import attach_stats


class SmallConvNet(nn.Module):
    def __init__(self, channels=8, classes=4):
        super().__init__()
        self.block1 = nn.Sequential(nn.Conv2d(1, channels, 3, padding=1), nn.ReLU())
        self.block2 = nn.Sequential(nn.Conv2d(channels, channels, 3, padding=1), nn.ReLU())
        self.head = nn.Linear(channels, classes)

    def _report(self, name, value):
        stats = self._modules.get("act_stats")
        if stats is not None:
            stats.observe(name, value)

    def forward(self, x):
        h = self.block1(x)
        self._report("block1", h)
        h = self.block2(h)
        self._report("block2", h)
        logits = self.head(h.mean(dim=(2, 3)))
        self._report("logits", logits)
        return logits


def run_epoch(model, opt, batches):
    model.train()
    total = 0.0
    for x, y in batches:
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / len(batches)


def main():
    batches = [(torch.randn(6, 1, 8, 8), torch.randint(0, 4, (6,))) for _ in range(3)]
    for width in (4, 8):
        model = SmallConvNet(channels=width)
        stats = attach_stats(model, ["block1", "block2", "logits"])
        opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
        for epoch in range(2):
            run_epoch(model, opt, batches)
        stats.summary()
        model.state_dict()


if __name__ == "__main__":
    main()
