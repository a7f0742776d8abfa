"""Process-wide experiment tracker (one instance per process, wandb-style API)."""
import math


class _TrackerMeta(type):
    _instances = {}

    def __call__(cls, *args, **kwargs):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]


class ExperimentTracker(metaclass=_TrackerMeta):
    def __init__(self, project="default"):
        self.project = project
        self.run_name = None
        self.summary = {}
        self._watched = {}

    def init_run(self, name):
        self.run_name = name
        self.summary[name] = {}

    def watch(self, model, log_freq=2):
        key = (self.run_name, id(model))
        self._watched[key] = (model, log_freq)
        return key

    def unwatch(self, key):
        self._watched.pop(key, None)

    def log(self, step, **metrics):
        run = self.summary[self.run_name]
        run.update(metrics)
        for (run_name, _), (model, freq) in self._watched.items():
            if run_name == self.run_name and step % freq == 0:
                sq = sum(p.grad.detach().pow(2).sum().item()
                         for p in model.parameters() if p.grad is not None)
                run["grad_norm"] = math.sqrt(sq)

    def finish(self):
        stale = [k for k in self._watched if k[0] == self.run_name]
        for key in stale:
            self.unwatch(key)
        self.run_name = None


ExperimentTracker(project="seq-sweep")
