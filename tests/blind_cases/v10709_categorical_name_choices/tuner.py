"""Define-by-run tuner: studies, trials and a seeded random sampler."""
import math
import random

from storage import STORAGE


class FloatDistribution:
    def __init__(self, low, high, log=False):
        self.low, self.high, self.log = low, high, log

    def sample(self, rng):
        if self.log:
            return math.exp(rng.uniform(math.log(self.low), math.log(self.high)))
        return rng.uniform(self.low, self.high)

    def to_dict(self):
        return {"type": "float", "low": self.low, "high": self.high, "log": self.log}


class CategoricalDistribution:
    def __init__(self, choices):
        self.choices = tuple(choices)

    def sample(self, rng):
        return self.choices[rng.randrange(len(self.choices))]

    def to_dict(self):
        return {"type": "categorical", "choices": list(self.choices)}


class Trial:
    def __init__(self, study, trial_id):
        self._rng = study.rng
        self._trial_id = trial_id
        self.number = trial_id

    def _suggest(self, name, distribution):
        value = distribution.sample(self._rng)
        STORAGE.set_param(self._trial_id, name, value, distribution.to_dict())
        return value

    def suggest_float(self, name, low, high, log=False):
        return self._suggest(name, FloatDistribution(low, high, log))

    def suggest_categorical(self, name, choices):
        return self._suggest(name, CategoricalDistribution(choices))


class Study:
    def __init__(self, name, direction="minimize", seed=0):
        self.name = STORAGE.create_study(name, direction)
        self.rng = random.Random(seed)

    def optimize(self, objective, n_trials):
        for _ in range(n_trials):
            trial = Trial(self, STORAGE.create_trial(self.name))
            STORAGE.set_value(trial.number, objective(trial))

    @property
    def best_params(self):
        done = [t for t in STORAGE.get_trials(self.name) if t["state"] == "COMPLETE"]
        return min(done, key=lambda t: t["value"])["params"]
