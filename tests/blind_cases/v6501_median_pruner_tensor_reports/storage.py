"""In-memory study storage shared by every study created without an explicit backend."""
import itertools

RUNNING, COMPLETE, PRUNED = "RUNNING", "COMPLETE", "PRUNED"


class InMemoryStorage:
    def __init__(self):
        self._studies = {}
        self._trials = {}
        self._ids = itertools.count()

    def create_trial(self, study_name):
        trial_ids = self._studies.setdefault(study_name, [])
        trial_id = next(self._ids)
        self._trials[trial_id] = {"number": len(trial_ids), "intermediate": {}, "state": RUNNING, "value": None}
        trial_ids.append(trial_id)
        return trial_id

    def set_intermediate(self, trial_id, step, value):
        self._trials[trial_id]["intermediate"][step] = value  # retain

    def finish(self, trial_id, state, value=None):
        self._trials[trial_id].update(state=state, value=value)

    def trials(self, study_name, state=None):
        records = [self._trials[i] for i in self._studies.get(study_name, [])]
        return [r for r in records if state is None or r["state"] == state]

    def intermediate(self, trial_id):
        return self._trials[trial_id]["intermediate"]


DEFAULT_STORAGE = InMemoryStorage()
