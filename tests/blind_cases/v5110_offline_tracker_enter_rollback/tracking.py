"""Offline stand-in for the experiment-tracking client.

When the real client is not installed, OfflineTracking publishes a stub module
under the client's import name so that library code doing ``import runlog``
keeps working, and records everything in memory instead.
"""
import re
import sys
import types

BACKEND = "runlog"
_PROJECT_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{2,63}$")


class OfflineRun:
    def __init__(self, project, config):
        self.project = project
        self.config = dict(config)
        self.history = []
        self.watched = []
        self.finished = False

    def init(self):
        if not _PROJECT_RE.match(self.project):
            raise ValueError(f"invalid project name {self.project!r}")
        self.history.append({"event": "start", "config": self.config})

    def log(self, metrics, step=None):
        self.history.append({"step": step, **metrics})

    def watch(self, model):
        self.watched.append(model)

    def finish(self):
        self.finished = True


def _stub_module(run):
    mod = types.ModuleType(BACKEND)
    mod.run = run
    mod.log = run.log
    mod.watch = run.watch
    mod.finish = run.finish
    return mod


class OfflineTracking:
    def __init__(self, project, config):
        self.run = OfflineRun(project, config)
        self._previous = None

    def __enter__(self):
        self._previous = sys.modules.get(BACKEND)
        sys.modules[BACKEND] = _stub_module(self.run)
        try:
            self.run.init()
        except BaseException:
            self._restore()
            raise
        return self.run

    def __exit__(self, exc_type, exc, tb):
        self.run.finish()
        self._restore()
        return False

    def _restore(self):
        if self._previous is None:
            sys.modules.pop(BACKEND, None)
        else:
            sys.modules[BACKEND] = self._previous
        self._previous = None
