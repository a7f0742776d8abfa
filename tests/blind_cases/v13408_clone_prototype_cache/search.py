"""Exhaustive search over a parameter grid with hold-out scoring."""
import itertools

from base import clone


class GridSearch:
    def __init__(self, estimator, param_grid, refit=True):
        self.estimator = estimator
        self.param_grid = param_grid
        self.refit = refit

    def _candidates(self):
        keys = sorted(self.param_grid)
        for values in itertools.product(*(self.param_grid[k] for k in keys)):
            yield dict(zip(keys, values))

    def fit(self, X, y, X_val, y_val):
        self.cv_results_ = []
        for params in self._candidates():
            est = clone(self.estimator).set_params(**params)
            score = est.fit(X, y).score(X_val, y_val)
            self.cv_results_.append({"params": params, "score": score})
        best = max(self.cv_results_, key=lambda r: r["score"])
        self.best_params_, self.best_score_ = best["params"], best["score"]
        if self.refit:
            self.best_estimator_ = clone(self.estimator).set_params(**self.best_params_).fit(X, y)
        return self
