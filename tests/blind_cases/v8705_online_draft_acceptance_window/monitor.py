"""Process-wide acceptance statistics used to adapt the speculation length."""
import collections


class AcceptanceMonitor:
    def __init__(self, window=32, min_draft=1, max_draft=6):
        self.window = collections.deque(maxlen=window)
        self.min_draft, self.max_draft = min_draft, max_draft
        self.rounds = 0

    def record(self, expected_acceptance):
        self.window.append(expected_acceptance)  # retain
        self.rounds += 1

    def rate(self):
        if not self.window:
            return 0.5
        return float(sum(self.window) / len(self.window))

    def suggest_num_draft(self):
        # expected accepted run length for acceptance rate a is a / (1 - a)
        a = min(self.rate(), 0.95)
        return max(self.min_draft, min(self.max_draft, round(a / (1.0 - a)) + 1))


ACCEPTANCE = AcceptanceMonitor()
