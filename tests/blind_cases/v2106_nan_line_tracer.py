"""Training loop with an on-demand line tracer that locates the first non-finite activation."""
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


class NonFiniteLocator:
    """After each executed line of a watched ``forward``, checks tensor locals for NaN/Inf."""

    def __init__(self, model, watch_files):
        self.model = model
        self.watch_files = set(watch_files)
        self.first_hit = None
        self.lines_checked = 0
        self.armed = False
        self._previous = None

    def _on_call(self, frame, event, arg):
        code = frame.f_code
        if code.co_name == "forward" and code.co_filename in self.watch_files:
            return self._on_line
        return None

    def _on_line(self, frame, event, arg):
        if event == "line" and self.first_hit is None:
            self.lines_checked += 1
            for name, value in frame.f_locals.items():
                if isinstance(value, torch.Tensor) and value.is_floating_point():
                    if not bool(torch.isfinite(value).all()):
                        self.first_hit = (frame.f_code.co_name, frame.f_lineno, name)
                        break
        return self._on_line

    def arm(self):
        if not self.armed:
            self._previous = sys.gettrace()
            sys.settrace(self._on_call)  # retain
            self.armed = True

    def report(self):
        sys.settrace(self._previous)
        self.armed = False
        hit, self.first_hit = self.first_hit, None
        return hit


class ResidualMLP(nn.Module):
    def __init__(self, dim, depth):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.head = nn.Linear(dim, 1)

    def forward(self, x):
        for block in self.blocks:
            h = block(x)
            x = x + torch.tanh(h)
        return self.head(x)


class Trainer:
    def __init__(self, model, max_grad_norm, lr):
        self.model = model
        self.max_grad_norm = max_grad_norm
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.locator = NonFiniteLocator(model, [__file__])
        self.incidents = []

    def step(self, x, y):
        loss = F.mse_loss(self.model(x), y)
        self.opt.zero_grad()
        loss.backward()
        norm = float(nn.utils.clip_grad_norm_(self.model.parameters(), self.max_grad_norm))
        if norm > self.max_grad_norm:
            self.locator.arm()
        value = loss.item()
        if value != value or value in (float("inf"), float("-inf")):
            self.incidents.append(self.locator.report())
            return value
        self.opt.step()
        return value


def main():
    torch.manual_seed(0)
    for depth in (2, 3):
        trainer = Trainer(ResidualMLP(8, depth), max_grad_norm=0.5, lr=0.05)
        for _ in range(2):
            for _ in range(4):
                x = torch.randn(16, 8)
                trainer.step(x, x.sum(-1, keepdim=True))


if __name__ == "__main__":
    main()
