"""Read-only name -> parameter mapping used to build optimizer groups and log gradient norms."""
import re
from collections.abc import Mapping


class ParameterView(Mapping):
    """Trainable parameters of a model under their qualified names, filtered by regexes.

    Being a real Mapping, the view can be passed anywhere a dict of parameters is
    expected (``dict(view)``, ``view.items()``, ``name in view``).
    """

    def __init__(self, model, include=(r".*",), exclude=()):
        self._model = model
        self._include = [re.compile(p) for p in include]
        self._exclude = [re.compile(p) for p in exclude]
        self.refresh()
        self.names = self.keys()  # cycle

    def refresh(self):
        """Re-read the model after parameters were frozen or unfrozen."""
        self._index = {
            name: p
            for name, p in self._model.named_parameters()
            if p.requires_grad and self._selected(name)
        }

    def _selected(self, name):
        if not any(rx.search(name) for rx in self._include):
            return False
        return not any(rx.search(name) for rx in self._exclude)

    def __getitem__(self, name):
        return self._index[name]

    def __iter__(self):
        return iter(self._index)

    def __len__(self):
        return len(self._index)

    def matching(self, pattern):
        rx = re.compile(pattern)
        return [n for n in self.names if rx.search(n)]

    def split_decay(self, no_decay=(r"\.bias$", r"norm")):
        skip = [re.compile(p) for p in no_decay]
        decay, plain = [], []
        for name in self.names:
            (plain if any(rx.search(name) for rx in skip) else decay).append(self[name])
        return decay, plain

    def grad_norms(self):
        return {n: float(p.grad.norm()) for n, p in self.items() if p.grad is not None}
