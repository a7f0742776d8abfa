"""Mixin for predictors that cache expensive differentiable terms between calls."""
import functools
import weakref


def _drop_term(owner_ref, key, *grads):
    owner = owner_ref()
    if owner is not None:
        owner.__dict__.pop(key, None)


class TermCacheMixin:
    _cache_prefix = "_term_"

    def cached_term(self, name, compute):
        key = self._cache_prefix + name
        value = self.__dict__.get(key)
        if value is None:
            value = compute()
            if value.grad_fn is not None:
                value.grad_fn.register_hook(functools.partial(_drop_term, weakref.ref(self), key))
            self.__dict__[key] = value
        return value

    def clear_terms(self):
        for key in [k for k in self.__dict__ if k.startswith(self._cache_prefix)]:
            del self.__dict__[key]
