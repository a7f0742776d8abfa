"""Process-wide memo of frame-encoder outputs, shared by the heads of a multi-task model."""

_FRAME_CACHE = {}
_STATS = {"hits": 0, "misses": 0, "resets": 0}


def cached_frames(encoder, frames, key):
    pooled = _FRAME_CACHE.get(key)
    if pooled is not None:
        _STATS["hits"] += 1
        return pooled
    _STATS["misses"] += 1
    hidden = encoder(frames)
    pooled = hidden.mean(dim=1)
    _FRAME_CACHE[key] = pooled
    return pooled


def reset_frame_cache():
    """Drop cached outputs; call after every optimizer step because weights changed."""
    _FRAME_CACHE.clear()
    _STATS["resets"] += 1


def cache_stats():
    return dict(_STATS)
