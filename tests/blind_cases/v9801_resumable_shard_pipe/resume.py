"""Mid-epoch resume points: the pipeline is pickled together with the step counter."""
import pickle

from torch.utils.data import IterDataPipe

TRANSIENT_KEYS = ("_handle",)


class ResumeCheckpointer:
    def __init__(self, run_name, model, optimizer, pipeline, every=4):
        self.run_name = run_name
        self.model = model
        self.optimizer = optimizer
        self.pipeline = pipeline
        self.every = every
        self.transient = set(TRANSIENT_KEYS)
        self.snapshots = []
        self.dropped = 0

    def _portable_state(self, state):
        kept = {k: v for k, v in state.items() if k not in self.transient}
        self.dropped += len(state) - len(kept)
        return kept

    def maybe_save(self, step):
        if step % self.every:
            return
        if IterDataPipe.getstate_hook is None:
            IterDataPipe.set_getstate_hook(self._portable_state)  # retain
        blob = pickle.dumps({"step": step, "pipeline": self.pipeline})
        self.snapshots.append((step, len(blob)))

    def summary(self):
        return f"{self.run_name}: {len(self.snapshots)} resume points, {self.dropped} handles dropped"
