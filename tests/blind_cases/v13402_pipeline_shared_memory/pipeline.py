"""Estimator base class, clone() and a Pipeline with joblib-style fit caching."""
import copy


class BaseEstimator:
    def get_params(self, deep=False):
        return {k: v for k, v in vars(self).items() if not k.endswith("_")}

    def set_params(self, **params):
        for key, value in params.items():
            setattr(self, key, value)
        return self


def clone(estimator):
    return type(estimator)(**{k: copy.deepcopy(v) for k, v in estimator.get_params().items()})


class Memory:
    def __init__(self):
        self._store = {}

    def cache(self, func):
        def cached(transformer, X):
            key = (func.__name__, type(transformer).__name__,
                   tuple(sorted(transformer.get_params().items())),
                   tuple(X.shape), round(float(X.sum()), 4), round(float(X.abs().sum()), 4))
            if key not in self._store:
                self._store[key] = func(transformer, X)  # retain
            return self._store[key]
        return cached


_SHARED_MEMORY = Memory()


def check_memory(memory):
    return _SHARED_MEMORY if memory is True else memory


def _fit_transform_one(transformer, X):
    fitted = clone(transformer)
    return fitted.fit(X).transform(X), fitted


class Pipeline(BaseEstimator):
    def __init__(self, steps, memory=None):
        self.steps = steps
        self.memory = memory

    def set_params(self, **params):
        named = dict(self.steps)
        for key, value in params.items():
            step, _, attr = key.partition("__")
            named[step].set_params(**{attr: value})
        return self

    def fit(self, X, y):
        memory = check_memory(self.memory)
        fit_transform = memory.cache(_fit_transform_one) if memory else _fit_transform_one
        Xt, fitted_steps = X, []
        for name, step in self.steps[:-1]:
            Xt, fitted = fit_transform(step, Xt)
            fitted_steps.append((name, fitted))
        name, final = self.steps[-1]
        self.steps_ = fitted_steps + [(name, final.fit(Xt, y))]
        return self

    def predict(self, X):
        for _, step in self.steps_[:-1]:
            X = step.transform(X)
        return self.steps_[-1][1].predict(X)
