"""Fade-in schedule shared by generator and discriminator when a new resolution block is added."""
from typing import Callable, List


class FadeSchedule:
    """Linear alpha ramp from 0 to 1 over `fade_steps`; notifies subscribers on every change."""

    def __init__(self, fade_steps):
        self.fade_steps = max(1, fade_steps)
        self.step_count = self.stage = 0
        self._listeners: List[Callable[[float, int], None]] = []  # cycle

    @property
    def alpha(self):
        return min(1.0, self.step_count / self.fade_steps)

    def subscribe(self, fn):
        self._listeners.append(fn)  # cycle
        fn(self.alpha, self.stage)

    def _notify(self):
        for fn in self._listeners:
            fn(self.alpha, self.stage)

    def advance(self):
        self.step_count += 1
        self._notify()

    def grow(self):
        self.stage, self.step_count = self.stage + 1, 0
        self._notify()


class FadeInMixin:
    """Adds `alpha`/`stage` attributes kept in sync with a FadeSchedule."""

    alpha = 1.0
    stage = 0

    def bind_schedule(self, schedule):
        self.schedule = schedule  # cycle
        schedule.subscribe(self._on_fade)  # cycle

    def _on_fade(self, alpha, stage):
        self.alpha = alpha
        self.stage = stage
