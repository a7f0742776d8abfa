"""Plain-text comparison table for the latency benchmark."""
import statistics


class LatencyReport:
    def __init__(self, harness, baseline=None):
        self.harness = harness  # retain
        self.baseline = baseline
        self.notes = []

    def note(self, text):
        self.notes.append(text)

    def rows(self):
        timings = self.harness.timings
        base = None
        if self.baseline in timings:
            base = statistics.median(timings[self.baseline])
        for label, samples in timings.items():
            med = statistics.median(samples)
            spread = max(samples) - min(samples)
            speedup = (base / med) if base else float("nan")
            yield label, med * 1e3, spread * 1e3, speedup

    def render(self):
        lines = [f"== {self.harness.name} =="]
        lines.append(f"{'variant':<14}{'median ms':>11}{'spread ms':>11}{'speedup':>9}")
        for label, med, spread, speedup in self.rows():
            lines.append(f"{label:<14}{med:>11.3f}{spread:>11.3f}{speedup:>9.2f}")
        lines.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(lines)
