"""Diagnostics printed when a training step runs out of memory."""
import sys

import torch


def _nbytes(value):
    if isinstance(value, torch.Tensor):
        return value.element_size() * value.nelement()
    if isinstance(value, torch.nn.Module):
        return sum(p.element_size() * p.nelement() for p in value.parameters())
    if isinstance(value, (list, tuple)):
        return sum(_nbytes(v) for v in value[:64])
    return 0


def largest_locals(stack_depth=2, limit=6):
    """Return (bytes, 'function:name') for the biggest tensors held by locals of the calling frames."""
    rows = []
    frame = sys._getframe(1)
    try:
        for _ in range(stack_depth):
            if frame is None:
                break
            where = frame.f_code.co_name
            for name, value in frame.f_locals.items():  # cycle
                size = _nbytes(value)
                if size:
                    rows.append((size, f"{where}:{name}"))
            frame = frame.f_back
    finally:
        del frame
    rows.sort(reverse=True)
    return rows[:limit]


def format_report(rows, header):
    lines = [header]
    lines += [f"  {size / 1024:9.1f} KiB  {label}" for size, label in rows]
    return "\n".join(lines)
