"""Per-epoch validation with precision, recall and a derived macro F1."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from metrics import Precision, Recall

NUM_CLASSES = 4


def build_val_metrics():
    precision = Precision(NUM_CLASSES)
    recall = Recall(NUM_CLASSES)
    f1 = 2 * precision * recall / (precision + recall)
    return {"precision": precision, "recall": recall, "f1": f1}


def sample(n, gen):
    x = torch.randn(n, 10, generator=gen)
    y = torch.bucketize(x[:, 0] + x[:, 1], torch.tensor([-1.0, 0.0, 1.0]))
    return x, y


def validate(model, gen):
    metrics = build_val_metrics()
    model.eval()
    with torch.no_grad():
        for _ in range(3):
            x, y = sample(64, gen)
            preds = model(x).argmax(dim=-1)
            metrics["precision"].update(preds, y)
            metrics["recall"].update(preds, y)
    model.train()
    return {name: float(m.compute()) for name, m in metrics.items()}


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(7)
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, NUM_CLASSES))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(3):
        for _ in range(5):
            x, y = sample(32, gen)
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        scores = validate(model, gen)
        print(f"epoch {epoch}: " + " ".join(f"{k}={v:.3f}" for k, v in scores.items()))


if __name__ == "__main__":
    main()
