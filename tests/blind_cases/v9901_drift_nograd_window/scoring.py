"""Nightly batch scoring: score every row of a table and report drift as we go."""
import torch

from monitoring import MONITOR


class BatchScoringJob:
    def __init__(self, name, model, batch_size=64, positive_class=1):
        self.name = name
        self.model = model
        self.batch_size = batch_size
        self.positive_class = positive_class
        self.rows_scored = 0

    def _batches(self, features):
        for start in range(0, features.shape[0], self.batch_size):
            yield start, features[start:start + self.batch_size]

    def run(self, features):
        self.model.eval()
        results = []
        for start, batch in self._batches(features):
            probs = self.model(batch).softmax(dim=-1)
            positive = probs[:, self.positive_class]
            psi = MONITOR.observe(positive, self.name)
            results.extend(round(p, 4) for p in positive.tolist())
            self.rows_scored += batch.shape[0]
            if psi is not None and psi > 1.0:
                break
        return results
