"""Run state declared with typed field descriptors; curriculum training over three stages."""
import torch
import torch.nn as nn


class Field:
    def __init__(self, kind, default=None):
        self.kind = kind
        self.default = default

    def __set_name__(self, owner, name):
        self.name = name
        owner._fields = getattr(owner, "_fields", ()) + (name,)

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.__dict__.get(self.name, self.default)

    def __set__(self, obj, value):
        if value is not None and not isinstance(value, self.kind):
            value = self.kind(value)
        obj.__dict__[self.name] = value


class StageState:
    stage = Field(str, "warmup")
    lr = Field(float, 1e-2)
    best_val = Field(float, float("inf"))
    epoch_losses = Field(list, [])

    def __init__(self, **overrides):
        for key, value in overrides.items():
            setattr(self, key, value)

    def as_dict(self):
        return {name: getattr(self, name) for name in self._fields}


def make_batch(difficulty, n=16):
    x = torch.randn(n, 10)
    y = (x[:, :3].sum(1) + difficulty * torch.randn(n) > 0).long()
    return x, y


def run_stage(model, state, difficulty, epochs=3, steps=4):
    opt = torch.optim.SGD(model.parameters(), lr=state.lr)
    for epoch in range(epochs):
        losses = []
        for _ in range(steps):
            x, y = make_batch(difficulty)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss)
        epoch_loss = torch.stack(losses).mean()
        state.epoch_losses.append(epoch_loss)  # retain
        with torch.no_grad():
            vx, vy = make_batch(difficulty, n=64)
            val = nn.functional.cross_entropy(model(vx), vy).item()
        if val < state.best_val:
            state.best_val = val
    return state


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 2))
    for stage, difficulty, lr in [("easy", 0.1, 0.1), ("medium", 0.5, 0.05), ("hard", 1.0, 0.02)]:
        state = run_stage(model, StageState(stage=stage, lr=lr), difficulty)
        summary = state.as_dict()
        print(stage, f"best_val={summary['best_val']:.3f}", f"epochs={len(summary['epoch_losses'])}")


if __name__ == "__main__":
    main()
