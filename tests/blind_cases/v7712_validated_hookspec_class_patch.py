"""Plugins validated against the hook spec; one patches Optimizer.zero_grad for the length of a fit."""
import torch
import torch.nn as nn

HOOKS = ("setup", "on_train_batch_end", "on_epoch_end", "teardown")


class PluginManager:
    def __init__(self):
        self._impls = {name: [] for name in HOOKS}

    def register(self, plugin):
        for attr in dir(type(plugin)):
            looks_like_hook = attr.startswith("on_") or attr in ("setup", "teardown", "on_fit_end")
            if looks_like_hook and attr not in HOOKS:
                raise TypeError("%s.%s is not in the hook spec" % (type(plugin).__name__, attr))
            if attr in HOOKS:
                self._impls[attr].append(getattr(plugin, attr))
        return plugin

    def call(self, name, **kwargs):
        for impl in self._impls[name]:
            impl(**kwargs)


class ZeroGradAudit:
    """Forces set_to_none=True on every optimizer during a fit and counts the calls."""

    def __init__(self):
        self.calls = 0

    def setup(self, **_):
        original = torch.optim.Optimizer.zero_grad
        self._original = original

        def zero_grad(optimizer, set_to_none=False):
            self.calls += 1
            return original(optimizer, set_to_none=True)

        torch.optim.Optimizer.zero_grad = zero_grad

    def teardown(self, **_):
        torch.optim.Optimizer.zero_grad = self._original
        del self._original


class EpochAccuracy:
    def __init__(self, model, probe):
        self.model, self.probe, self.history = model, probe, []

    def on_epoch_end(self, epoch, **_):
        x, y = self.probe
        with torch.no_grad():
            self.history.append(float((self.model(x).argmax(1) == y).float().mean()))


def fit(model, pm, batches, epochs=2):
    optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    pm.call("setup", model=model)
    try:
        for epoch in range(epochs):
            for x, y in batches:
                loss = nn.functional.cross_entropy(model(x), y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                pm.call("on_train_batch_end", loss=loss.item())
            pm.call("on_epoch_end", epoch=epoch)
    finally:
        pm.call("teardown")


def main():
    g = torch.Generator().manual_seed(5)
    batches = [(torch.randn(8, 1, 8, 8, generator=g), torch.randint(0, 3, (8,), generator=g)) for _ in range(3)]
    for channels in (4, 8):
        model = nn.Sequential(nn.Conv2d(1, channels, 3, padding=1), nn.ReLU(),
                              nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(channels, 3))
        pm = PluginManager()
        audit = pm.register(ZeroGradAudit())
        acc = pm.register(EpochAccuracy(model, batches[0]))
        fit(model, pm, batches)
        print(channels, audit.calls, acc.history)


if __name__ == "__main__":
    main()
