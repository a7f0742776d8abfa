"""K-fold training that exports each fold's calibrated scorer as a TorchScript artefact."""
import io

import torch
import torch.nn as nn

CFG = {"folds": 3, "steps": 6, "in_dim": 10, "hidden": 24, "accum": 2, "lr": 0.05}


class Scorer(nn.Module):
    def __init__(self, in_dim, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


class CalibratedScorer(nn.Module):
    """Inference wrapper: scorer logits divided by a fitted temperature, then sigmoid."""

    def __init__(self, scorer, temperature):
        super().__init__()
        self.scorer = scorer
        self.register_buffer("temperature", torch.tensor(float(temperature)))

    def forward(self, x):
        return torch.sigmoid(self.scorer(x) / self.temperature)


class ArtifactStore:
    def __init__(self, example_shape):
        self.example_shape = example_shape
        self.blobs = {}

    def export(self, tag, module):
        module.eval()
        example = torch.zeros(self.example_shape)
        with torch.no_grad():
            traced = torch.jit.trace(module, example, check_trace=False)  # cycle
        buffer = io.BytesIO()
        torch.jit.save(traced, buffer)
        self.blobs[tag] = buffer.getvalue()
        return len(self.blobs[tag])


def fit_temperature(scorer, x, y, grid=(0.5, 1.0, 1.5, 2.0)):
    with torch.no_grad():
        logits = scorer(x)
        losses = [nn.functional.binary_cross_entropy_with_logits(logits / t, y).item() for t in grid]
    return grid[min(range(len(grid)), key=losses.__getitem__)]


def train_fold(fold, cfg):
    g = torch.Generator().manual_seed(fold)
    x = torch.randn(64, cfg["in_dim"], generator=g)
    y = (x[:, 0] + 0.5 * x[:, 1] > 0).float()
    scorer = Scorer(cfg["in_dim"], cfg["hidden"])
    opt = torch.optim.SGD(scorer.parameters(), lr=cfg["lr"], momentum=0.9)
    for step in range(cfg["steps"]):
        for micro in range(cfg["accum"]):
            rows = slice(micro * 32, (micro + 1) * 32)
            loss = nn.functional.binary_cross_entropy_with_logits(scorer(x[rows]), y[rows])
            (loss / cfg["accum"]).backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
    return scorer, fit_temperature(scorer, x, y)


def main():
    store = ArtifactStore((4, CFG["in_dim"]))
    for fold in range(CFG["folds"]):
        scorer, temperature = train_fold(fold, CFG)
        size = store.export("fold%d" % fold, CalibratedScorer(scorer, temperature))
        print("fold", fold, "temperature", temperature, "artefact bytes", size)


if __name__ == "__main__":
    main()
