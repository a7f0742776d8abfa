"""BaseEstimator and clone() with per-source prototype caching."""
import copy
import inspect

_PROTOTYPES = {}


class BaseEstimator:
    @classmethod
    def _get_param_names(cls):
        sig = inspect.signature(cls.__init__)
        return sorted(name for name in sig.parameters if name != "self")

    def get_params(self, deep=False):
        return {name: getattr(self, name) for name in self._get_param_names()}

    def set_params(self, **params):
        valid = set(self._get_param_names())
        for key, value in params.items():
            if key not in valid:
                raise ValueError(f"invalid parameter {key!r} for {type(self).__name__}")
            setattr(self, key, value)
        return self


def _prototype(estimator):
    key = id(estimator)
    entry = _PROTOTYPES.get(key)
    if entry is None or entry[0] is not estimator:
        params = {k: copy.deepcopy(v) for k, v in estimator.get_params().items()}
        entry = (estimator, params)  # retain
        _PROTOTYPES[key] = entry  # retain
    return entry[1]


def clone(estimator):
    params = {k: copy.deepcopy(v) for k, v in _prototype(estimator).items()}
    return type(estimator)(**params)
