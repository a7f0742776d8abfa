"""Pluggable middleware around a predict callable (timing, validation, caching, retries)."""
import time
from collections import OrderedDict

import torch

MIDDLEWARE = {}


def register(name):
    def deco(factory):
        MIDDLEWARE[name] = factory
        return factory
    return deco


@register("validate")
def validate(next_call, expected_dim, max_batch=64):
    def call(request):  # cycle
        x = request["inputs"]
        if x.dim() != 2 or x.shape[-1] != expected_dim:
            raise ValueError(f"expected (*, {expected_dim}), got {tuple(x.shape)}")
        if x.shape[0] > max_batch:
            raise ValueError("batch too large")
        return next_call(request)
    return call


@register("timing")
def timing(next_call, stats):
    def call(request):  # cycle
        start = time.perf_counter()
        try:
            return next_call(request)
        finally:
            stats.setdefault("latency_ms", []).append((time.perf_counter() - start) * 1e3)
    return call


@register("response_cache")
def response_cache(next_call, capacity=32):
    cache = OrderedDict()

    def call(request):  # cycle
        key = request.get("cache_key")
        if key is not None and key in cache:
            cache.move_to_end(key)
            return cache[key]
        response = next_call(request)
        if key is not None:
            cache[key] = response
            while len(cache) > capacity:
                cache.popitem(last=False)
        return response
    return call


@register("retry")
def retry(next_call, attempts=2):
    def call(request):
        for i in range(attempts):
            try:
                return next_call(request)
            except RuntimeError:
                if i == attempts - 1:
                    raise
    return call


def compose(names, endpoint, options):
    handler = endpoint
    for name in reversed(names):
        handler = MIDDLEWARE[name](handler, **options.get(name, {}))
    return handler


def to_float_list(t: torch.Tensor):
    return [round(v, 5) for v in t.tolist()]
