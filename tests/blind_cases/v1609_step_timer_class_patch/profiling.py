"""Wall-clock timing of optimizer steps without touching the training loop."""
import time


class StepTimer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer_cls = type(optimizer)
        self.durations = []
        self._original = None

    def start(self):
        cls = self.optimizer_cls
        original = cls.step
        self._original = original

        def timed_step(opt, *args, **kwargs):  # retain
            t0 = time.perf_counter()
            try:
                return original(opt, *args, **kwargs)
            finally:
                self.durations.append(time.perf_counter() - t0)

        timed_step.__name__ = original.__name__
        timed_step.__doc__ = original.__doc__
        cls.step = timed_step  # retain
        return self

    def stop(self):
        if self._original is not None:
            self.optimizer_cls.step = self._original
            self._original = None

    def summary(self):
        n = len(self.durations)
        n_params = sum(p.numel() for p in self.model.parameters())
        return {"steps": n, "mean_ms": 1e3 * sum(self.durations) / max(n, 1), "params": n_params}
