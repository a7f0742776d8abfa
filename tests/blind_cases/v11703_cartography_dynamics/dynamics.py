"""Training-dynamics store for dataset cartography (confidence / variability per sample)."""
import math
from collections import defaultdict


class DynamicsStore:
    def __init__(self):
        self._gold = defaultdict(list)
        self._correct = defaultdict(list)

    def log(self, sample_id, gold_prob, correct):
        self._gold[sample_id].append(gold_prob)  # retain
        self._correct[sample_id].append(bool(correct))

    def summary(self, sample_id):
        probs = [float(p) for p in self._gold[sample_id]]
        mean = sum(probs) / len(probs)
        var = sum((p - mean) ** 2 for p in probs) / len(probs)
        hits = self._correct[sample_id]
        return {"confidence": mean, "variability": math.sqrt(var), "correctness": sum(hits) / len(hits)}

    def regions(self, sample_ids, easy=0.7, hard=0.3, ambiguous_var=0.15):
        out = {"easy": [], "hard": [], "ambiguous": [], "other": []}
        for sid in sample_ids:
            s = self.summary(sid)
            if s["variability"] >= ambiguous_var:
                out["ambiguous"].append(sid)
            elif s["confidence"] >= easy:
                out["easy"].append(sid)
            elif s["confidence"] <= hard:
                out["hard"].append(sid)
            else:
                out["other"].append(sid)
        return out


TRAINING_DYNAMICS = DynamicsStore()
