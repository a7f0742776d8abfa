"""Permutation-sampling Shapley values against a background sample (SHAP-style)."""
import random

import torch


class PermutationExplainer:
    def __init__(self, model, background, n_permutations=16, seed=0):
        self.model = model
        self.background = background
        self.n_permutations = n_permutations
        self.rng = random.Random(seed)
        model.register_buffer("shap_expected_value", model(background).mean(), persistent=False)  # retain

    @property
    def expected_value(self):
        return float(self.model.shap_expected_value)

    @torch.no_grad()
    def _marginals(self, row, order):
        base = self.background.mean(dim=0)
        steps = base.repeat(len(order) + 1, 1)
        for k, feature in enumerate(order):
            steps[k + 1:, feature] = row[feature]
        outputs = self.model(steps)
        return outputs[1:] - outputs[:-1]

    def shap_values(self, row):
        n_features = row.shape[0]
        totals = [0.0] * n_features
        for _ in range(self.n_permutations):
            order = list(range(n_features))
            self.rng.shuffle(order)
            for feature, delta in zip(order, self._marginals(row, order).tolist()):
                totals[feature] += delta
        return [t / self.n_permutations for t in totals]

    def explain(self, rows, names):
        report = []
        for row in rows:
            values = self.shap_values(row)
            ranked = sorted(zip(names, values), key=lambda kv: -abs(kv[1]))
            report.append({"base": round(self.expected_value, 4), "top": ranked[:3]})
        return report
