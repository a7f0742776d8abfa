"""Train a classifier and evaluate calibration on several datasets after each epoch."""
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

from callbacks import ReliabilityDiagram


def make_set(n, seed, shift=0.0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 6, generator=g) + shift
    return x, (x[:, 0] + x[:, 1] > 2 * shift).long()


class EvalLoop:
    def __init__(self, model, datasets, callbacks):
        self.model = model
        self.datasets = datasets
        self.callbacks = callbacks
        self.epoch = 0

    @torch.no_grad()
    def run(self, epoch):
        self.epoch = epoch
        self.model.eval()
        written = []
        for name, (x, y) in self.datasets.items():
            outputs = {"probs": self.model(x).softmax(-1), "targets": y}
            written += [cb.on_evaluation_end(self, name, outputs) for cb in self.callbacks]
        return [w for w in written if w]


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    datasets = {"clean": make_set(64, 1), "shifted": make_set(64, 2, shift=0.5)}
    with tempfile.TemporaryDirectory() as out_dir:
        diagram = ReliabilityDiagram(out_dir)
        loop = EvalLoop(model, datasets, [diagram])
        for epoch in range(3):
            model.train()
            for _ in range(4):
                x, y = make_set(32, 100 + epoch)
                loss = F.cross_entropy(model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
            files = loop.run(epoch)
            print(epoch, len(files), diagram.ece_history[-2:])


if __name__ == "__main__":
    main()
