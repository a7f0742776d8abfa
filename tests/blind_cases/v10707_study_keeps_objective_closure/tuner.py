"""Study object with resumable optimisation."""
import math
import random
from dataclasses import dataclass, field


@dataclass
class FrozenTrial:
    number: int
    params: dict
    value: float
    user_attrs: dict = field(default_factory=dict)


class Trial:
    def __init__(self, number, rng):
        self.number = number
        self.params = {}
        self.user_attrs = {}
        self._rng = rng

    def suggest_int(self, name, low, high, step=1):
        self.params[name] = low + step * self._rng.randrange((high - low) // step + 1)
        return self.params[name]

    def suggest_float(self, name, low, high, log=False):
        u = self._rng.random()
        value = math.exp(math.log(low) + u * math.log(high / low)) if log else low + u * (high - low)
        self.params[name] = value
        return value

    def set_user_attr(self, key, value):
        self.user_attrs[key] = value


class Study:
    def __init__(self, direction="minimize", seed=0):
        self.direction = direction
        self.trials = []
        self._rng = random.Random(seed)
        self._objective = None

    @property
    def best_trial(self):
        sign = 1 if self.direction == "minimize" else -1
        return min(self.trials, key=lambda t: sign * t.value)

    def optimize(self, objective, n_trials):
        self._objective = objective  # cycle
        self._run(n_trials)

    def resume(self, n_trials):
        if self._objective is None:
            raise RuntimeError("optimize() has not been called on this study")
        self._run(n_trials)

    def _run(self, n_trials):
        for _ in range(n_trials):
            trial = Trial(len(self.trials), self._rng)
            value = self._objective(trial)
            self.trials.append(FrozenTrial(trial.number, dict(trial.params), float(value), trial.user_attrs))
