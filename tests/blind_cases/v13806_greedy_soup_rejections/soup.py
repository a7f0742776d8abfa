"""Greedy model soup: add fine-tuned ingredients in order of held-out accuracy while the soup improves."""
import sys


class NoImprovement(Exception):
    def __init__(self, name, candidate_acc, soup_acc):
        super().__init__(f"{name}: {candidate_acc:.3f} < soup {soup_acc:.3f}")
        self.name = name


class GreedySoup:
    def __init__(self, evaluate, tolerance=0.0):
        self.evaluate = evaluate
        self.tolerance = tolerance
        self.members = []
        self.soup_sd = None
        self.best_acc = float("-inf")
        self.rejections = []  # cycle

    def _average_with(self, state_dict):
        n = len(self.members)
        return {k: (self.soup_sd[k] * n + state_dict[k]) / (n + 1) for k in state_dict}

    def _try_add(self, name, state_dict):
        candidate = state_dict if self.soup_sd is None else self._average_with(state_dict)
        acc = self.evaluate(candidate)
        if acc + self.tolerance < self.best_acc:
            raise NoImprovement(name, acc, self.best_acc)
        self.soup_sd, self.best_acc = candidate, acc
        self.members.append(name)

    def build(self, ingredients):
        for name, state_dict, _ in sorted(ingredients, key=lambda item: item[2], reverse=True):
            try:
                self._try_add(name, state_dict)
            except NoImprovement:
                self.rejections.append((name, sys.exc_info()))  # cycle
        return self.soup_sd

    def summary(self):
        rejected = ", ".join(str(info[1]) for _, info in self.rejections)
        return f"soup of {self.members} (acc {self.best_acc:.3f}); rejected: {rejected or 'none'}"
