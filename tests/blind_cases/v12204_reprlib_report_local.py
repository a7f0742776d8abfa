"""Gradient x input attributions for a tabular credit model, summarised per fold with reprlib."""
import reprlib

import torch
import torch.nn as nn

FEATURES = ["age", "income", "debt_ratio", "open_lines", "late_30d", "late_90d", "dependents", "tenure"]
CONFIG = {"folds": 3, "steps": 4, "batch": 32, "explain": 5, "lr": 0.05}


def make_model():
    return nn.Sequential(nn.Linear(len(FEATURES), 16), nn.ReLU(), nn.Linear(16, 1))


class AttributionRepr(reprlib.Repr):
    """reprlib dispatches on 'repr_' + type name, so tensors end up in repr_Tensor."""

    def __init__(self, feature_names, top=3):
        super().__init__()
        self.feature_names = feature_names
        self.top = top
        self.maxlist = 4
        self.maxdict = 6

    def repr_Tensor(self, t, level):
        if t.dim() == 1 and t.numel() == len(self.feature_names):
            order = t.abs().argsort(descending=True)[: self.top].tolist()
            parts = [f"{self.feature_names[i]}={t[i].item():+.2f}" for i in order]
            return "attr(" + ", ".join(parts) + ")"
        return f"tensor(shape={tuple(t.shape)})"


class AttributionReport:
    def __init__(self, model, feature_names, top=3):
        self.model = model
        self.rows = []
        self._repr = AttributionRepr(feature_names, top)
        reprlib.aRepr.maxstring = 40

    def explain(self, x):
        self.model.eval()
        x = x.clone().requires_grad_(True)
        score = self.model(x).sum()
        (grad,) = torch.autograd.grad(score, x)
        with torch.no_grad():
            preds = torch.sigmoid(self.model(x)).squeeze(1)
        return (grad * x).detach(), preds

    def add_batch(self, ids, x):
        attributions, preds = self.explain(x)
        for sample_id, attr, p in zip(ids, attributions, preds.tolist()):
            self.rows.append({"id": sample_id, "p_default": round(p, 3), "attr": attr})

    def render(self):
        return "\n".join(self._repr.repr(row) for row in self.rows)


def train(model, x, y):
    opt = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"])
    for _ in range(CONFIG["steps"]):
        loss = nn.functional.binary_cross_entropy_with_logits(model(x).squeeze(1), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    x_all = torch.randn(CONFIG["folds"] * CONFIG["batch"], len(FEATURES))
    y_all = (x_all[:, 4] + x_all[:, 5] - 0.5 * x_all[:, 1] > 0).float()
    chunks = torch.arange(len(x_all)).chunk(CONFIG["folds"])
    summaries = []
    for fold, idx in enumerate(chunks):
        train_idx = torch.cat([c for j, c in enumerate(chunks) if j != fold])
        model = make_model()
        loss = train(model, x_all[train_idx], y_all[train_idx])
        report = AttributionReport(model, FEATURES)
        held_out = idx[: CONFIG["explain"]]
        report.add_batch([f"applicant-{int(i)}" for i in held_out], x_all[held_out])
        summaries.append((fold, loss, report.render()))
    print(summaries[-1][2].splitlines()[0])


if __name__ == "__main__":
    main()
