"""Process-wide privacy ledger shared by every DP mechanism in the simulation."""
import math


class PrivacyLedger:
    orders = (1.5, 2, 3, 4, 6, 8, 16, 32)

    def __init__(self):
        self.entries = []

    def record_round(self, rnd, noise_multiplier, sample_rate, clip_scales):
        entry = {"round": rnd, "noise_multiplier": noise_multiplier,
                 "sample_rate": sample_rate, "clip_scales": list(clip_scales)}
        self.entries.append(entry)  # retain

    def clipped_fraction(self):
        scales = [s for e in self.entries for s in e["clip_scales"]]
        return sum(1 for s in scales if s < 1.0) / max(1, len(scales))

    def epsilon(self, delta):
        best = float("inf")
        for alpha in self.orders:
            rdp = sum(2.0 * e["sample_rate"] ** 2 * alpha / e["noise_multiplier"] ** 2
                      for e in self.entries)
            best = min(best, rdp + math.log(1.0 / delta) / (alpha - 1))
        return best


LEDGER = PrivacyLedger()
