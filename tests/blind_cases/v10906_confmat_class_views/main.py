"""Per-epoch validation with a confusion matrix and best-epoch selection on macro-F1."""
import copy

import torch
import torch.nn as nn

from confmat import ConfusionMatrix
from report import format_table, summarize

CLASSES = ("cat", "dog", "bird", "fish")
RUN = {"epochs": 3, "steps": 6, "val_steps": 3, "batch": 32, "lr": 0.05}


def loader(steps, batch, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(steps):
        x = torch.randn(batch, 8, generator=gen)
        yield x, (x[:, 0] > 0).long() * 2 + (x[:, 1] > 0).long()


def evaluate(model, seed):
    matrix = ConfusionMatrix(CLASSES)
    model.eval()
    with torch.no_grad():
        for x, y in loader(RUN["val_steps"], RUN["batch"], seed):
            matrix.update(model(x), y)
    model.train()
    print(format_table(matrix))
    return summarize(matrix)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, len(CLASSES)))
    opt = torch.optim.SGD(model.parameters(), lr=RUN["lr"], momentum=0.9)
    best_score, best_state = -1.0, None
    for epoch in range(RUN["epochs"]):
        for x, y in loader(RUN["steps"], RUN["batch"], seed=epoch):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        scores = evaluate(model, seed=999)
        if scores["macro_f1"] > best_score:
            best_score, best_state = scores["macro_f1"], copy.deepcopy(model.state_dict())
    model.load_state_dict(best_state)
    print(f"restored best macro-F1 {best_score:.3f}")


if __name__ == "__main__":
    main()
