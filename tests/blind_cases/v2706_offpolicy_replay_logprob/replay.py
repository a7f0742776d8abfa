"""Process-wide experience store shared by the actor and learner loops."""
import collections
import random

Transition = collections.namedtuple(
    "Transition", ["obs", "action", "reward", "next_obs", "done", "behaviour_logp", "value"])


class ExperienceStore:
    def __init__(self, capacity):
        self._items = collections.deque(maxlen=capacity)

    def __len__(self):
        return len(self._items)

    def add(self, *fields):
        self._items.append(Transition(*fields))  # retain

    def sample(self, batch_size, rng=random):
        return rng.sample(list(self._items), min(batch_size, len(self._items)))


EXPERIENCE = ExperienceStore(capacity=256)
