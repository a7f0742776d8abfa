"""Minimal traitlets-style observable controls used by the notebook dashboard."""
All = "*"


def _parse_names(names):
    if names is All or isinstance(names, str):
        return [names]
    return list(names)


class Control:
    def __init__(self, description, value):
        self.description = description
        self._value = value
        self._trait_notifiers = {}

    def observe(self, handler, names=All, type="change"):
        for name in _parse_names(names):
            self._trait_notifiers.setdefault(name, {}).setdefault(type, []).append(handler)

    def unobserve(self, handler, names=All, type="change"):
        for name in _parse_names(names):
            try:
                self._trait_notifiers[name][type].remove(handler)
            except (KeyError, ValueError):
                pass

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, new):
        old, self._value = self._value, new
        if old != new:
            self._notify({"name": "value", "old": old, "new": new, "type": "change"})

    def _notify(self, change):
        handlers = []
        for key in (change["name"], All):
            handlers.extend(self._trait_notifiers.get(key, {}).get(change["type"], []))
        for handler in handlers:
            handler(change)


class FloatLogSlider(Control):
    def __init__(self, description, value, base=10.0, min=-5.0, max=0.0):
        super().__init__(description, value)
        self.base, self.min, self.max = base, min, max


class Checkbox(Control):
    pass
