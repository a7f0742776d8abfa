"""Method memoization that keeps one LRU cache per instance."""
import functools
import weakref

_PER_INSTANCE = weakref.WeakKeyDictionary()


def instance_lru_cache(maxsize=32):
    def decorator(method):
        @functools.wraps(method)
        def wrapper(self, *args):
            caches = _PER_INSTANCE.setdefault(self, {})
            cached = caches.get(method.__name__)
            if cached is None:
                self_ref = weakref.ref(self)

                @functools.lru_cache(maxsize=maxsize)
                def cached(*key):
                    return method(self_ref(), *key)

                caches[method.__name__] = cached
            return cached(*args)
        return wrapper
    return decorator


def cache_info(obj):
    return {name: fn.cache_info() for name, fn in _PER_INSTANCE.get(obj, {}).items()}
