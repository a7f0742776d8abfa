"""Evaluation session that behaves like the model it wraps and collects logits."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class EvalSession:
    """Transparent proxy: unknown attributes resolve on the wrapped model, so
    callers can keep using session.eval(), session.state_dict(), session(x)."""

    def __init__(self, model, keep_top=3):
        self._model = model  # cycle
        self._keep_top = keep_top
        self._logits = []
        self._hook = self.register_forward_hook(self._collect)  # cycle

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._model, name)

    def __call__(self, *args, **kwargs):
        return self._model(*args, **kwargs)

    def _collect(self, module, inputs, output):
        self._logits.append(output.detach())

    def summary(self):
        logits = torch.cat(self._logits)
        probs = F.softmax(logits, dim=-1)
        conf, _ = probs.max(dim=-1)
        return {"n": logits.shape[0], "mean_conf": conf.mean().item(),
                "top": probs.topk(self._keep_top, dim=-1).indices[:2].tolist()}


def make_model():
    return nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 5))


def train_epoch(model, opt, steps=3):
    model.train()
    for _ in range(steps):
        x, y = torch.randn(16, 12), torch.randint(0, 5, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def validate(model, batches=2):
    session = EvalSession(model)
    session.eval()
    with torch.no_grad():
        for _ in range(batches):
            session(torch.randn(8, 12))
    model.train()
    return session.summary()


def main():
    for fold in range(3):
        model = make_model()
        opt = torch.optim.SGD(model.parameters(), lr=0.05)
        for epoch in range(2):
            train_epoch(model, opt)
            stats = validate(model)
        print("fold", fold, stats["n"], round(stats["mean_conf"], 3))


if __name__ == "__main__":
    main()
