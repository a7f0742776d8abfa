"""Experiment summaries (scalars, histograms, image grids) buffered for the dashboard writer."""
import collections

import torch

_BUFFER = collections.defaultdict(list)


def _as_scalar(value):
    return value.detach().item()


def _as_histogram(value, bins=8):
    flat = value.detach().float().flatten()
    return {"min": flat.min().item(), "max": flat.max().item(),
            "counts": torch.histc(flat, bins=bins).tolist()}


def _as_image_grid(value, nrow=2):
    images = value[: nrow * nrow].clamp(0.0, 1.0)
    rows = [torch.cat(list(images[r * nrow:(r + 1) * nrow]), dim=-1) for r in range(len(images) // nrow)]
    return torch.cat(rows, dim=-2)


_CONVERTERS = {"scalar": _as_scalar, "histogram": _as_histogram, "image": _as_image_grid}


def _kind(value):
    if not torch.is_tensor(value) or value.numel() == 1:
        return "scalar"
    return "image" if value.dim() == 4 else "histogram"


def add_summaries(step, values):
    """Convert every value to a dashboard-friendly form and buffer it under its tag."""
    for tag, value in values.items():
        if not torch.is_tensor(value):
            value = torch.tensor(float(value))
        _BUFFER[tag].append((step, _CONVERTERS[_kind(value)](value)))  # retain


def latest(tag):
    return _BUFFER[tag][-1][1] if _BUFFER[tag] else None


def flush(writer=print, keep_last=4):
    for tag, entries in _BUFFER.items():
        scalars = [v for _, v in entries if isinstance(v, float)]
        if scalars:
            writer(f"{tag}: {scalars[-1]:.4f} (n={len(entries)})")
        del entries[:-keep_last]
