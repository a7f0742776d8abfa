"""Reliability curves per epoch, each overlaid on the previous epoch's curve."""
import torch
import torch.nn as nn

EVAL = {"epochs": 4, "n_bins": 10, "val_batches": 3, "batch": 64, "lr": 3e-3}


def reliability_curve(probs, labels, n_bins):
    """Per-bin mean confidence and accuracy, plus the shift against the last call."""
    confidence, preds = probs.max(dim=-1)
    correct = (preds == labels).float()
    edges = torch.linspace(0, 1, n_bins + 1)
    idx = torch.bucketize(confidence, edges[1:-1])
    counts = torch.bincount(idx, minlength=n_bins).clamp_min(1)
    mean_conf = torch.zeros(n_bins).index_add(0, idx, confidence) / counts
    mean_acc = torch.zeros(n_bins).index_add(0, idx, correct) / counts
    curve = {"confidence": mean_conf, "accuracy": mean_acc, "counts": counts}
    previous = getattr(reliability_curve, "previous", None)
    if previous is not None:
        curve["shift"] = (mean_conf - previous["confidence"]).abs().max()
    reliability_curve.previous = curve  # retain
    return curve


def expected_calibration_error(curve):
    weights = curve["counts"] / curve["counts"].sum()
    return float((weights * (curve["accuracy"] - curve["confidence"]).abs()).sum())


def ascii_plot(curve):
    rows = []
    for b, (c, a) in enumerate(zip(curve["confidence"].tolist(), curve["accuracy"].tolist())):
        rows.append(f"  bin {b:2d} conf {c:.2f} acc {a:.2f} " + "#" * int(a * 20))
    return "\n".join(rows)


def batches(n, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(n):
        x = torch.randn(EVAL["batch"], 10, generator=gen)
        yield x, ((x[:, 0] > 0).long() + (x[:, 1] * x[:, 2] > 0).long())


class Temperature(nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.log_t = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        return self.model(x) / self.log_t.exp()


def main():
    torch.manual_seed(0)
    net = Temperature(nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3)))
    opt = torch.optim.Adam(net.parameters(), lr=EVAL["lr"])
    for epoch in range(EVAL["epochs"]):
        net.train()
        for x, y in batches(6, seed=epoch):
            loss = nn.functional.cross_entropy(net(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        net.eval()
        probs, labels = [], []
        for x, y in batches(EVAL["val_batches"], seed=777):
            probs.append(net(x).softmax(dim=-1))
            labels.append(y)
        curve = reliability_curve(torch.cat(probs), torch.cat(labels), EVAL["n_bins"])
        ece = expected_calibration_error(curve)
        shift = float(curve.get("shift", 0.0))
        print(f"epoch {epoch}: ece={ece:.4f} max shift={shift:.3f}")
    print(ascii_plot(curve))


if __name__ == "__main__":
    main()
