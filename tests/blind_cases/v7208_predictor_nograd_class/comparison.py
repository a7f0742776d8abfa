"""Keeps each variant's test-set probabilities for paired comparisons."""
import random


class PairedComparison:
    def __init__(self, baseline):
        self.baseline = baseline
        self.probs = {}
        self.targets = None

    def record(self, name, probs, targets):
        self.probs[name] = probs  # retain
        self.targets = targets

    def bootstrap_win_rate(self, name, rounds=200, seed=0):
        rng = random.Random(seed)
        correct_b = (self.probs[self.baseline].argmax(-1) == self.targets).tolist()
        correct_v = (self.probs[name].argmax(-1) == self.targets).tolist()
        n, wins = len(correct_b), 0
        for _ in range(rounds):
            idx = [rng.randrange(n) for _ in range(n)]
            wins += sum(correct_v[i] for i in idx) > sum(correct_b[i] for i in idx)
        return wins / rounds


COMPARISON = PairedComparison(baseline="base")
