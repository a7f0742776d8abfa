"""Validation Brier score and reliability table with a stateful metric API."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Metric:
    def __init__(self):
        self._defaults = {}

    def add_state(self, name, default):
        if not (torch.is_tensor(default) or isinstance(default, list)):
            raise TypeError(f"state {name!r} must be a tensor or a list")
        self._defaults[name] = default
        setattr(self, name, self._fresh(default))

    @staticmethod
    def _fresh(default):
        if torch.is_tensor(default):
            return default.detach().clone()
        return list(default)

    def reset(self):
        for name, default in self._defaults.items():
            setattr(self, name, self._fresh(default))


class BrierReliability(Metric):
    def __init__(self, n_bins=5):
        super().__init__()
        self.n_bins = n_bins
        self.add_state("probs", default=[])
        self.add_state("targets", default=[])

    @torch.no_grad()
    def update(self, logits, target):
        self.probs.append(logits.softmax(dim=-1))
        self.targets.append(target)

    def compute(self):
        probs, target = torch.cat(self.probs), torch.cat(self.targets)
        onehot = F.one_hot(target, probs.shape[-1]).float()
        brier = float(((probs - onehot) ** 2).sum(dim=-1).mean())
        conf, pred = probs.max(dim=-1)
        bins = torch.clamp((conf * self.n_bins).long(), max=self.n_bins - 1)
        table = []
        for b in range(self.n_bins):
            sel = bins == b
            if sel.any():
                table.append((b, int(sel.sum()), float(conf[sel].mean()),
                              float((pred[sel] == target[sel]).float().mean())))
        return brier, table


VAL_BRIER = BrierReliability(n_bins=5)


def batches(n, batch_size, generator):
    for _ in range(n):
        x = torch.randn(batch_size, 12, generator=generator)
        yield x, (x[:, 0] + 0.5 * x[:, 1] > 0).long()


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(3)
    model = nn.Sequential(nn.Linear(12, 24), nn.Tanh(), nn.Linear(24, 2))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        model.train()
        for x, y in batches(5, 32, gen):
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            for x, y in batches(3, 64, gen):
                VAL_BRIER.update(model(x), y)
        brier, table = VAL_BRIER.compute()
        VAL_BRIER.reset()
        print(f"epoch {epoch}: brier={brier:.4f} bins={[row[:2] for row in table]}")


if __name__ == "__main__":
    main()
