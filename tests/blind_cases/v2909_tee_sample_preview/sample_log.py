"""Lazy sample previews: the first few batches of a stream are rendered when the logger flushes."""
import itertools


class SamplePreviewLogger:
    def __init__(self, max_items=2):
        self.max_items = max_items
        self._pending = {}
        self.rendered = []

    def watch(self, name, iterable):
        """Returns a pass-through iterator; a copy of its first items is kept for the preview."""
        preview, passthrough = itertools.tee(iterable)
        self._pending[name] = itertools.islice(preview, self.max_items)  # retain
        return passthrough

    def flush(self):
        for name, items in self._pending.items():
            for k, batch in enumerate(items):
                self.rendered.append("%s[%d]: %s" % (name, k, batch.describe()))
        self._pending.clear()


PREVIEWS = SamplePreviewLogger()
