"""Chunked evaluation with an OOM-retry decorator that can replay the last call."""
import functools

import torch
import torch.nn as nn


def oom_retry(max_retries=2):
    """Retry a method with a smaller chunk size when it runs out of memory.

    The pending call is kept on the instance so that a debugger / crash
    handler can replay exactly what was running.
    """

    def decorator(method):
        @functools.wraps(method)
        def wrapper(self, *args, **kwargs):
            self._pending_call = lambda: method(self, *args, **kwargs)  # cycle
            for attempt in range(max_retries + 1):
                try:
                    return self._pending_call()
                except RuntimeError as err:
                    if "out of memory" not in str(err) or attempt == max_retries:
                        raise
                    self.chunk_size = max(1, self.chunk_size // 2)
            return None

        return wrapper

    return decorator


class ChunkedEvaluator:
    def __init__(self, model, chunk_size=16):
        self.model = model
        self.chunk_size = chunk_size
        self.calls = 0
        self._pending_call = None

    @oom_retry(max_retries=2)
    def score(self, inputs, targets):
        self.calls += 1
        losses = []
        self.model.eval()
        with torch.no_grad():
            for start in range(0, inputs.shape[0], self.chunk_size):
                xb = inputs[start:start + self.chunk_size]
                yb = targets[start:start + self.chunk_size]
                losses.append(nn.functional.mse_loss(self.model(xb), yb, reduction="sum"))
        return (torch.stack(losses).sum() / inputs.shape[0]).item()


def build_regressor():
    return nn.Sequential(nn.Linear(12, 48), nn.Tanh(), nn.Linear(48, 48), nn.Tanh(), nn.Linear(48, 1))


def train_and_eval(seed):
    torch.manual_seed(seed)
    model = build_regressor()
    opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    for _ in range(3):
        x = torch.randn(64, 12)
        y = x[:, :3].sum(dim=1, keepdim=True)
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    evaluator = ChunkedEvaluator(model, chunk_size=20)
    val_x = torch.randn(100, 12)
    val_y = val_x[:, :3].sum(dim=1, keepdim=True)
    return evaluator.score(val_x, val_y)


def main():
    for seed in range(3):
        print(f"seed {seed}: val mse {train_and_eval(seed):.4f}")


if __name__ == "__main__":
    main()
