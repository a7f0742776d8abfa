"""Post-mortem helpers: capture the caller's variables when a step looks suspicious."""
import sys
from dataclasses import dataclass, field

import torch


@dataclass
class Snapshot:
    tag: str
    step: int
    scope: dict = field(default_factory=dict)

    def tensor_summary(self):
        rows = {}
        for name, value in self.scope.items():
            if torch.is_tensor(value):
                rows[name] = describe(value)
        return rows


def describe(t):
    t = t.detach()
    if not t.is_floating_point() or t.numel() == 0:
        return f"{tuple(t.shape)} {t.dtype}"
    return (f"{tuple(t.shape)} min={t.min().item():.3g} max={t.max().item():.3g} "
            f"finite={bool(torch.isfinite(t).all())}")


def capture_locals(tag, step, depth=1):
    """Return a Snapshot of the public local variables ``depth`` frames up."""
    frame = sys._getframe(depth)
    try:
        return Snapshot(tag, step, {k: v for k, v in frame.f_locals.items() if not k.startswith("_")})  # cycle
    finally:
        del frame


def format_snapshot(snap):
    lines = [f"[{snap.tag} @ step {snap.step}]"]
    for name, desc in snap.tensor_summary().items():
        lines.append(f"  {name:>10}: {desc}")
    return "\n".join(lines)
