"""Training-time memory diagnostics: records garbage-collector pauses against the training step."""
import gc
import time


class GCPauseMonitor:
    def __init__(self, trainer, warn_ms=25.0):
        self.trainer = trainer
        self.warn_ms = warn_ms
        self.pauses = []
        self.slow = 0
        self._t0 = None
        self._installed = False

    def install(self):
        if not self._installed:
            gc.callbacks.append(self._on_gc)  # retain
            self._installed = True
        return self

    def __del__(self):
        if self._installed and self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase, info):
        if phase == "start":
            self._t0 = time.perf_counter()
            return
        if self._t0 is None:
            return
        ms = (time.perf_counter() - self._t0) * 1e3
        self._t0 = None
        self.pauses.append((self.trainer.global_step, info["generation"], info["collected"], ms))
        if ms > self.warn_ms:
            self.slow += 1

    def summary(self):
        if not self.pauses:
            return {"collections": 0}
        total = sum(p[3] for p in self.pauses)
        return {"collections": len(self.pauses), "total_ms": round(total, 3), "slow": self.slow}
