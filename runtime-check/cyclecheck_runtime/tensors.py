"""Tensor figures: storage bytes per device (each storage once, grads included), shape, dtype.
LibTorch through the ``_torch`` extension when it loads against the torch the script imported,
else the same figures from torch's Python API. Nothing is imported unless the script imported torch."""
import sys

_ext = None
_ext_tried = False


def tensor_type():
    torch = sys.modules.get("torch")
    return getattr(torch, "Tensor", None) if torch is not None else None


def _extension():
    global _ext, _ext_tried
    if not _ext_tried:
        _ext_tried = True
        try:
            from . import _torch
            _ext = _torch
        except ImportError:
            _ext = None
    return _ext


def sizing_kind():
    if tensor_type() is None:
        return "none"
    return "libtorch" if _extension() is not None else "python"


def _storage(t):
    return t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage()


def storage_bytes(tensors):
    """{device: bytes} over the distinct storages behind ``tensors`` and their grads."""
    if not tensors:
        return {}
    ext = _extension()
    if ext is not None:
        return dict(ext.storage_bytes(list(tensors)))
    seen, out = set(), {}
    for t in tensors:
        parts = [t]
        if t.is_leaf and t.grad is not None:
            parts.append(t.grad)
        for part in parts:
            try:
                st = _storage(part)
                key = (str(st.device), st.data_ptr())
                nbytes = st.nbytes()
            except Exception:
                continue
            if key in seen:
                continue
            seen.add(key)
            out[key[0]] = out.get(key[0], 0) + nbytes
    return out


def describe(t):
    ext = _extension()
    if ext is not None:
        info = dict(ext.describe(t))
        info["dtype"] = str(t.dtype).replace("torch.", "")  # Python's spelling, as users write it
        return info
    try:
        nbytes = _storage(t).nbytes()
    except Exception:
        nbytes = 0
    return {"shape": list(t.shape), "dtype": str(t.dtype).replace("torch.", ""), "device": str(t.device),
            "bytes": nbytes, "requires_grad": bool(t.requires_grad), "has_grad_fn": t.grad_fn is not None}
