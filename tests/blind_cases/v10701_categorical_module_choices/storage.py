"""In-memory trial storage shared by every study created in this process."""
import itertools


class InMemoryStorage:
    def __init__(self):
        self._studies = {}
        self._trials = {}
        self._ids = itertools.count()

    def create_study(self, name, direction):
        self._studies.setdefault(name, {"direction": direction, "trial_ids": []})
        return name

    def create_trial(self, study_name):
        trial_id = next(self._ids)
        self._trials[trial_id] = {"study": study_name, "state": "RUNNING", "params": {},
                                  "distributions": {}, "value": None}
        self._studies[study_name]["trial_ids"].append(trial_id)
        return trial_id

    def set_param(self, trial_id, name, value, distribution):
        record = self._trials[trial_id]
        record["params"][name] = value  # retain
        record["distributions"][name] = distribution  # retain

    def set_value(self, trial_id, value):
        self._trials[trial_id].update(state="COMPLETE", value=float(value))

    def get_trials(self, study_name):
        return [dict(self._trials[i], id=i) for i in self._studies[study_name]["trial_ids"]]


STORAGE = InMemoryStorage()
