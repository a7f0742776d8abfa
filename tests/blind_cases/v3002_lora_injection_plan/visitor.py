"""Generic module-tree visitor that remembers where every module is attached."""
from dataclasses import dataclass

import torch.nn as nn


@dataclass(frozen=True)
class Slot:
    parent: nn.Module
    attr: str
    qualname: str


class ModuleVisitor:
    """Depth-first walk over named_children(); subclasses define visit_<ClassName>."""

    def __init__(self):
        self.slots = {}

    def walk(self, module, prefix=""):
        for attr, child in module.named_children():
            qualname = f"{prefix}.{attr}" if prefix else attr
            slot = Slot(module, attr, qualname)  # cycle
            self.slots[qualname] = slot
            handler = getattr(self, "visit_" + type(child).__name__, None)
            if handler is not None:
                handler(child, slot)
            self.walk(child, qualname)
        return self
