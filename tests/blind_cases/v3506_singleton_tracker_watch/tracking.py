"""Process-wide experiment tracker (one instance per process, wandb-style API)."""
import math
import time


class ExperimentTracker:
    _instance = None

    def __new__(cls, *args, **kwargs):
        if cls._instance is None:
            inst = super().__new__(cls)
            inst._initialized = False
            cls._instance = inst
        return cls._instance

    def __init__(self, project="default"):
        if self._initialized:
            return
        self.project = project
        self.run_name = None
        self.history = []
        self._watched = {}
        self._initialized = True

    def init_run(self, name, config=None):
        self.run_name = name
        self.history.append({"run": name, "config": dict(config or {}), "t": time.time()})
        return self

    def watch(self, model, log_freq=2, log="gradients"):
        key = f"{self.run_name}/{type(model).__name__}"
        self._watched[key] = {"model": model, "log_freq": log_freq, "log": log}  # retain
        return key

    def log(self, metrics, step):
        self.history.append({"run": self.run_name, "step": step, **metrics})
        for key, entry in self._watched.items():
            if key.startswith(f"{self.run_name}/") and step % entry["log_freq"] == 0:
                self.history.append({"run": self.run_name, "step": step,
                                     **self._histograms(entry["model"], entry["log"])})

    @staticmethod
    def _histograms(model, what):
        out = {}
        for name, p in model.named_parameters():
            t = p.grad if what == "gradients" else p
            if t is not None:
                out[f"{what}/{name}/rms"] = math.sqrt(t.detach().pow(2).mean().item())
        return out

    def finish(self):
        self.history.append({"run": self.run_name, "finished": True})
        self.run_name = None


tracker = ExperimentTracker(project="tabular-sweep")
