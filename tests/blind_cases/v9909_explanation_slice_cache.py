"""Integrated-gradients report with a SHAP-style sliceable Explanation container."""
import torch
import torch.nn as nn

FEATURES = ["tenure", "spend_30d", "tickets", "discount", "region_risk", "devices"]


class Explanation:
    def __init__(self, values, data, base_values, feature_names, _parent=None):
        self.values = values
        self.data = data
        self.base_values = base_values
        self.feature_names = list(feature_names)
        self._parent = _parent  # cycle
        self._slices = {}

    def __len__(self):
        return self.values.shape[0]

    def __getitem__(self, key):
        if isinstance(key, str):
            key = (slice(None), self.feature_names.index(key))
        cache_key = repr(key)
        if cache_key not in self._slices:
            names = self.feature_names
            if isinstance(key, tuple) and isinstance(key[1], int):
                names = [self.feature_names[key[1]]]
            self._slices[cache_key] = Explanation(  # cycle
                self.values[key], self.data[key], self.base_values, names, _parent=self)
        return self._slices[cache_key]

    @property
    def root(self):
        node = self
        while node._parent is not None:
            node = node._parent
        return node

    def share_of_total(self):
        total = self.root.values.abs().sum()
        return float(self.values.abs().sum() / total.clamp_min(1e-12))


class IntegratedGradients:
    def __init__(self, model, steps=16):
        self.model = model
        self.steps = steps

    def attribute(self, inputs, baseline=None):
        baseline = torch.zeros_like(inputs) if baseline is None else baseline
        alphas = torch.linspace(0.0, 1.0, self.steps).view(-1, 1, 1)
        path = (baseline + alphas * (inputs - baseline)).requires_grad_(True)
        outputs = self.model(path.reshape(-1, inputs.shape[1])).sum()
        grads, = torch.autograd.grad(outputs, path)
        avg_grads = grads[1:].add(grads[:-1]).div(2).mean(dim=0)
        with torch.no_grad():
            base_out = self.model(baseline).squeeze(-1)
        return ((inputs - baseline) * avg_grads).detach(), base_out


def weekly_report(model, batch):
    values, base = IntegratedGradients(model).attribute(batch)
    explanation = Explanation(values, batch, base, FEATURES)
    rows = []
    for name in FEATURES:
        column = explanation[name]
        rows.append((name, round(column.share_of_total(), 3), round(float(column.values.mean()), 4)))
    return sorted(rows, key=lambda r: -r[1])


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(len(FEATURES), 32), nn.Softplus(), nn.Linear(32, 1))
    for week in range(3):
        batch = torch.randn(128, len(FEATURES)) * (1 + 0.2 * week)
        top = weekly_report(model, batch)[:3]
        print(f"week {week}: " + ", ".join(f"{n} {s:.2f}" for n, s, _ in top))


if __name__ == "__main__":
    main()
