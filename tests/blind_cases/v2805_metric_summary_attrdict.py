"""Metric tracker whose epoch summaries support attribute access for logging and model selection."""
import torch
import torch.nn as nn


class Summary(dict):
    """A dict of epoch metrics that can also be read as attributes (``s.val_acc``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.__dict__ = self  # cycle

    def fmt(self, keys=None, prec=4):
        keys = keys or [k for k, v in self.items() if isinstance(v, float)]
        return " ".join(f"{k}={self[k]:.{prec}f}" for k in keys)


class AverageMeter:
    def __init__(self):
        self.total, self.count = 0.0, 0

    def update(self, value, n=1):
        self.total += float(value) * n
        self.count += n

    @property
    def avg(self):
        return self.total / max(self.count, 1)


class MetricTracker:
    def __init__(self, *names):
        self.names = names
        self.meters = {name: AverageMeter() for name in names}

    def update(self, n=1, **values):
        for name, value in values.items():
            self.meters[name].update(value, n)

    def summarize(self, **extra):
        out = Summary({name: m.avg for name, m in self.meters.items()}, **extra)
        self.meters = {name: AverageMeter() for name in self.names}
        return out


def run_experiment(seed, epochs=4, bs=16):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(128, 6, generator=g)
    y = (x[:, 0] + 0.5 * x[:, 1] > 0).long()
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    tracker = MetricTracker("loss", "acc")
    best, history = None, []
    for epoch in range(epochs):
        for i in range(0, 96, bs):
            logits = model(x[i:i + bs])
            loss = nn.functional.cross_entropy(logits, y[i:i + bs])
            opt.zero_grad()
            loss.backward()
            opt.step()
            acc = (logits.argmax(-1) == y[i:i + bs]).float().mean()
            tracker.update(n=bs, loss=loss.item(), acc=acc.item())
        with torch.no_grad():
            val_acc = (model(x[96:]).argmax(-1) == y[96:]).float().mean().item()
        summary = tracker.summarize(epoch=epoch, val_acc=val_acc)
        history.append(summary)
        if best is None or summary.val_acc > best.val_acc:
            summary.weights = {k: v.detach().clone() for k, v in model.state_dict().items()}
            best = summary
        print(f"seed {seed} epoch {summary.epoch}: {summary.fmt(['loss', 'acc', 'val_acc'])}")
    model.load_state_dict(best.weights)
    return best.val_acc


def main():
    scores = [run_experiment(seed) for seed in range(2)]
    print(f"mean best val_acc {sum(scores) / len(scores):.3f}")


if __name__ == "__main__":
    main()
