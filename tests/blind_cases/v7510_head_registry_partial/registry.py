"""Minimal name -> builder registry (mmcv-style) for task heads."""


class Registry:
    def __init__(self, name):
        self.name = name
        self._builders = {}

    def register(self, name=None, builder=None, force=False):
        def _add(obj, key):
            if key in self._builders and not force:
                raise KeyError(f"{key} is already registered in {self.name}")
            self._builders[key] = obj  # retain
            return obj

        if builder is not None:
            return _add(builder, name)
        return lambda obj: _add(obj, name or obj.__name__)

    def build(self, name, **kwargs):
        if name not in self._builders:
            raise KeyError(f"{name} is not registered in {self.name}: {sorted(self._builders)}")
        return self._builders[name](**kwargs)


HEADS = Registry("heads")
