"""Collector statistics: per generation collections, objects collected, uncollectable and pause
times; per step when steps are known."""
import time


def _percentile(sorted_values, q):
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[k]


class GcStats:
    def __init__(self):
        self.pauses_ns = ([], [], [])
        self.collected = [0, 0, 0]
        self.uncollectable = [0, 0, 0]
        self.started_ns = time.perf_counter_ns()
        self.stopped_ns = None
        self.step_times_ns = []
        self._last_step_ns = None
        self._pause_at_last_step = 0
        self.step_pauses_ns = []
        self.total_pause_ns = 0

    def record(self, generation, pause_ns, collected, uncollectable):
        self.pauses_ns[generation].append(pause_ns)
        self.collected[generation] += collected
        self.uncollectable[generation] += uncollectable
        self.total_pause_ns += pause_ns

    def step(self):
        now = time.perf_counter_ns()
        if self._last_step_ns is not None:
            self.step_times_ns.append(now - self._last_step_ns)
            self.step_pauses_ns.append(self.total_pause_ns - self._pause_at_last_step)
        self._last_step_ns = now
        self._pause_at_last_step = self.total_pause_ns

    def stop(self):
        self.stopped_ns = time.perf_counter_ns()

    def summary(self):
        wall_ns = (self.stopped_ns or time.perf_counter_ns()) - self.started_ns
        gens = []
        for g in range(3):
            p = sorted(self.pauses_ns[g])
            gens.append({
                "generation": g, "collections": len(p), "collected": self.collected[g],
                "uncollectable": self.uncollectable[g], "pause_total_ms": sum(p) / 1e6,
                "pause_median_ms": _percentile(p, 0.5) / 1e6, "pause_p99_ms": _percentile(p, 0.99) / 1e6,
                "pause_max_ms": (p[-1] if p else 0) / 1e6,
            })
        steps = None
        if self.step_times_ns:
            n = len(self.step_times_ns)
            steps = {"count": n + 1, "timed": n, "mean_step_ms": sum(self.step_times_ns) / n / 1e6,
                     "median_step_ms": _percentile(sorted(self.step_times_ns), 0.5) / 1e6,
                     "gc_pause_per_step_ms": sum(self.step_pauses_ns) / n / 1e6,
                     "max_gc_pause_in_a_step_ms": max(self.step_pauses_ns) / 1e6}
        elif self._last_step_ns is not None:
            steps = {"count": 1, "timed": 0}
        return {"wall_time_s": wall_ns / 1e9, "pause_total_ms": self.total_pause_ns / 1e6,
                "pause_share": (self.total_pause_ns / wall_ns) if wall_ns else 0.0,
                "generations": gens, "steps": steps}
