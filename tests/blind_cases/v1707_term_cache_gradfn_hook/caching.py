"""Mixin for predictors that cache expensive differentiable terms between calls."""
import functools


class TermCacheMixin:
    _cache_prefix = "_term_"

    def cached_term(self, name, compute):
        key = self._cache_prefix + name
        value = self.__dict__.get(key)
        if value is None:
            value = compute()
            if value.grad_fn is not None:
                value.grad_fn.register_hook(functools.partial(self._drop_term, name))  # retain
            self.__dict__[key] = value  # retain
        return value

    def _drop_term(self, name, *grads):
        self.__dict__.pop(self._cache_prefix + name, None)

    def clear_terms(self):
        for key in [k for k in self.__dict__ if k.startswith(self._cache_prefix)]:
            del self.__dict__[key]
