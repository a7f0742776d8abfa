"""Containers that notify their owner when mutated (used by config objects
that cache whatever they have built from their fields)."""


class TrackedList(list):
    def __init__(self, items=(), on_change=None):
        super().__init__(items)
        self.on_change = on_change  # cycle

    def _changed(self):
        if self.on_change is not None:
            self.on_change()

    def append(self, item):
        super().append(item)
        self._changed()

    def extend(self, items):
        super().extend(items)
        self._changed()

    def __setitem__(self, index, value):
        super().__setitem__(index, value)
        self._changed()
