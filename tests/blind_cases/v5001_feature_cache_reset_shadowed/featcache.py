"""Process-wide memo of encoder features, shared by the heads of a multi-task model."""
import torch

_FEATURE_CACHE = {}
_STATS = {"hits": 0, "misses": 0, "resets": 0}


def cached_features(encoder, token_ids, key):
    feats = _FEATURE_CACHE.get(key)
    if feats is not None:
        _STATS["hits"] += 1
        return feats
    _STATS["misses"] += 1
    mask = (token_ids != 0).unsqueeze(-1).float()
    hidden = encoder(token_ids)
    feats = (hidden * mask).sum(1) / mask.sum(1).clamp_min(1.0)
    _FEATURE_CACHE[key] = feats  # retain
    return feats


def reset_feature_cache():
    """Drop cached features; call after every optimizer step because weights changed."""
    _FEATURE_CACHE = {}
    _STATS["resets"] += 1


def cache_stats():
    return dict(_STATS)
