"""Polling file watcher: calls registered handlers when a watched file's mtime changes."""
import os


class WatchSpec:
    __slots__ = ("path", "mtime", "handlers")

    def __init__(self, path):
        self.path = path
        self.mtime = self._stat(path)
        self.handlers = []  # cycle

    @staticmethod
    def _stat(path):
        try:
            return os.stat(path).st_mtime_ns
        except FileNotFoundError:
            return None

    def changed(self):
        current = self._stat(self.path)
        if current != self.mtime:
            self.mtime = current
            return True
        return False


class PollingWatcher:
    def __init__(self, every_n_steps=1):
        self.every_n_steps = every_n_steps
        self._specs = {}  # cycle
        self._calls = 0

    def on_change(self, path):
        path = os.path.abspath(path)

        def register(fn):
            spec = self._specs.get(path)
            if spec is None:
                spec = self._specs[path] = WatchSpec(path)  # cycle
            spec.handlers.append(fn)  # cycle
            return fn

        return register

    def poll(self):
        self._calls += 1
        if self._calls % self.every_n_steps:
            return 0
        fired = 0
        for spec in list(self._specs.values()):
            if spec.changed():
                for handler in spec.handlers:
                    handler(spec.path)
                    fired += 1
        return fired
