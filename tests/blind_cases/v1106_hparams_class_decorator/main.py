"""Learning-rate / dropout grid for a small MLP classifier with checkpoint metadata."""
import io

import torch
import torch.nn as nn

from hparams import describe, save_hparams


@save_hparams
class MLPClassifier(nn.Module):
    def __init__(self, in_dim, hidden=32, n_classes=3, dropout=0.1, _debug=False):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hidden), nn.ReLU(), nn.Dropout(dropout), nn.Linear(hidden, n_classes)
        )

    def forward(self, x):
        return self.net(x)


def checkpoint(model):
    buf = io.BytesIO()
    torch.save({"meta": describe(model), "state": model.state_dict()}, buf)
    return buf.getvalue()


def train(lr, dropout, steps=4):
    model = MLPClassifier(8, dropout=dropout)
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for _ in range(steps):
        x, y = torch.randn(16, 8), torch.randint(0, 3, (16,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), checkpoint(model)


def main():
    torch.manual_seed(0)
    best = None
    for lr in (0.01, 0.1):
        for dropout in (0.0, 0.2):
            loss, blob = train(lr, dropout)
            if best is None or loss < best[0]:
                best = (loss, lr, dropout, len(blob))
    print("best loss %.3f at lr=%g dropout=%g (%d byte checkpoint)" % best)


if __name__ == "__main__":
    main()
