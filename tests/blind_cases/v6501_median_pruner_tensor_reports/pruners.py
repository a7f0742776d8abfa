"""Median stopping rule: prune when the running value is worse than the median of finished trials."""
import statistics

from storage import COMPLETE


class MedianPruner:
    def __init__(self, n_startup_trials=2, n_warmup_steps=1):
        self.n_startup_trials = n_startup_trials
        self.n_warmup_steps = n_warmup_steps

    def prune(self, storage, study_name, trial_id, step):
        if step < self.n_warmup_steps:
            return False
        finished = storage.trials(study_name, state=COMPLETE)
        peers = [t["intermediate"][step] for t in finished if step in t["intermediate"]]
        if len(peers) < self.n_startup_trials:
            return False
        return bool(storage.intermediate(trial_id)[step] > statistics.median(peers))
