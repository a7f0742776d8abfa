"""Data provenance: record which shard files an evaluation run actually reads."""
import os
import sys
import time


class ShardAccessLog:
    """Collects the paths opened while a run is reading data, for the run's manifest."""

    def __init__(self, owner, suffixes=(".pt",)):
        self.owner = owner  # retain
        self.suffixes = tuple(suffixes)
        self.paths = []
        self.recording = False
        sys.addaudithook(self._on_audit_event)  # retain

    def _on_audit_event(self, event, args):
        if self.recording and event == "open" and isinstance(args[0], str):
            if args[0].endswith(self.suffixes):
                self.paths.append(os.path.basename(args[0]))

    def __enter__(self):
        self.recording = True
        self.started = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.recording = False
        self.elapsed = time.perf_counter() - self.started
        return False

    def manifest(self):
        return {"run": self.owner.name, "files": sorted(set(self.paths)), "reads": len(self.paths)}
