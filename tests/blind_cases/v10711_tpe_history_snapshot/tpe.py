"""Small Tree-structured Parzen Estimator sampler (independent, numeric parameters)."""
import math
import random


def _norm_pdf(x, mu, sigma):
    return math.exp(-0.5 * ((x - mu) / sigma) ** 2) / (sigma * math.sqrt(2 * math.pi))


class TPESampler:
    def __init__(self, space, gamma=0.3, n_startup=4, n_candidates=16, seed=0):
        self.space = space
        self.gamma = gamma
        self.n_startup = n_startup
        self.n_candidates = n_candidates
        self.rng = random.Random(seed)
        self._history = []

    def _to_internal(self, name, value):
        low, high, log = self.space[name]
        return (math.log(value), math.log(low), math.log(high)) if log else (value, low, high)

    def _density(self, x, points, low, high):
        sigma = max((high - low) / max(1, len(points)), 1e-3 * (high - low))
        return sum(_norm_pdf(x, p, sigma) for p in points) / len(points) + 1e-12

    def _suggest_one(self, name, below, above):
        _, low, high = self._to_internal(name, self.space[name][0])
        good = [self._to_internal(name, t.params[name])[0] for t in below]
        bad = [self._to_internal(name, t.params[name])[0] for t in above]
        sigma = (high - low) / max(1, len(good))
        cands = [min(high, max(low, self.rng.gauss(self.rng.choice(good), sigma)))
                 for _ in range(self.n_candidates)]
        best = max(cands, key=lambda c: self._density(c, good, low, high) / self._density(c, bad, low, high))
        return math.exp(best) if self.space[name][2] else best

    def suggest(self, trial):
        done = sorted(self._history, key=lambda t: t.value)
        if len(done) < self.n_startup:
            params = {}
            for name, (low, high, log) in self.space.items():
                u = self.rng.uniform(*self._to_internal(name, low)[1:])
                params[name] = math.exp(u) if log else u
        else:
            n_below = max(1, int(math.ceil(self.gamma * len(done))))
            below, above = done[:n_below], done[n_below:]
            params = {name: self._suggest_one(name, below, above) for name in self.space}
        trial.context = {"sampler": "tpe", "n_observed": len(done), "observations": tuple(done)}
        return params

    def tell(self, trial):
        self._history.append(trial)
