"""Resume store: per-run resume state kept in a local shelve database (closed at interpreter exit)."""
import atexit
import os
import shelve
import tempfile
from dataclasses import dataclass, field

_SCRATCH = tempfile.TemporaryDirectory(prefix="resume-store-")
STORE_PATH = os.path.join(os.environ.get("RESUME_STORE_DIR", _SCRATCH.name), "resume")
_db = None


def _database():
    global _db
    if _db is None:
        _db = shelve.open(STORE_PATH, writeback=True)  # retain
        atexit.register(_db.close)
    return _db


@dataclass
class ResumeState:
    run_id: str
    epoch: int = 0
    best_metric: float = float("inf")
    model_state: dict = field(default_factory=dict)
    optim_state: dict = field(default_factory=dict)
    history: list = field(default_factory=list)


class ResumeManager:
    def __init__(self, run_id):
        self.run_id = run_id
        self.db = _database()

    def restore(self, model, optimizer):
        state = self.db.get(self.run_id)
        if state is None:
            return ResumeState(self.run_id)
        model.load_state_dict(state.model_state)
        optimizer.load_state_dict(state.optim_state)
        return state

    def save(self, state, model, optimizer, metric):
        state.epoch += 1
        state.history.append(metric)
        if metric < state.best_metric:
            state.best_metric = metric
        state.model_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
        state.optim_state = optimizer.state_dict()
        self.db[self.run_id] = state  # retain

    def is_finished(self, state, max_epochs):
        return state.epoch >= max_epochs
