"""Forward-pass NaN/Inf guard: names the first layer whose output is not finite."""
import torch
import torch.nn as nn


class NonFiniteOutput(RuntimeError):
    def __init__(self, layer, bad, total):
        super().__init__(f"non-finite output in {layer!r}: {bad}/{total} values")
        self.layer = layer


class NonFiniteGuard:
    def __init__(self, model, leaf_only=True):
        self.model = model
        self.leaf_only = leaf_only
        self.handles = []

    def _check(self, name):
        def hook(module, inputs, output):
            if torch.is_tensor(output) and output.is_floating_point():
                bad = int((~torch.isfinite(output)).sum())
                if bad:
                    raise NonFiniteOutput(name, bad, output.numel())
        return hook

    def __enter__(self):
        for name, module in self.model.named_modules():
            if self.leaf_only and any(True for _ in module.children()):
                continue
            self.handles.append(module.register_forward_hook(self._check(name)))
        return self

    def __exit__(self, exc_type, exc, tb):
        try:
            for handle in self.handles:
                handle.remove()
        finally:
            self.handles = []
        return False


class Trainer:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.skipped = []

    def step(self, x, y):
        try:
            with NonFiniteGuard(self.model):
                pred = self.model(x)
        except NonFiniteOutput as err:
            self.skipped.append(str(err))
            return None
        loss = nn.functional.smooth_l1_loss(pred, y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


def main():
    for run in range(2):
        model = nn.Sequential(nn.Linear(5, 10), nn.ELU(), nn.Linear(10, 1))
        trainer = Trainer(model)
        for i in range(5):
            x = torch.randn(8, 5)
            if i == 2:
                x[3, 1] = float("nan")
            trainer.step(x, x.mean(-1, keepdim=True))


if __name__ == "__main__":
    main()
