"""Process-wide job scheduler driven by the training step clock (periodic checkpoints, heartbeats)."""
import contextlib
import sched


class StepClock:
    def __init__(self):
        self.now = 0

    def time(self):
        return self.now

    def sleep(self, delta):
        self.now += delta


CLOCK = StepClock()
SCHEDULER = sched.scheduler(CLOCK.time, CLOCK.sleep)


class PeriodicJob:
    def __init__(self, name, every, fn, priority=10):
        self.name = name
        self.every = every
        self.fn = fn
        self.priority = priority
        self.event = None
        self.runs = 0

    def start(self):
        self._arm()
        return self

    def _arm(self):
        self.event = SCHEDULER.enter(self.every, self.priority, self._fire)  # retain

    def _fire(self):
        try:
            self.runs += 1
            self.fn()
        finally:
            self._arm()

    def cancel(self):
        with contextlib.suppress(ValueError):
            SCHEDULER.cancel(self.event)


def advance(steps=1):
    CLOCK.now += steps
    SCHEDULER.run(blocking=False)
