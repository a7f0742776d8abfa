"""Tree of a model's submodules; each node knows its parent and its children."""
from dataclasses import dataclass, field
from typing import List, Optional

import torch.nn as nn


@dataclass(eq=False)
class LayerNode:
    name: str
    module: nn.Module
    parent: Optional["LayerNode"] = None
    children: List["LayerNode"] = field(default_factory=list)

    def __post_init__(self):
        if self.parent is not None:
            self.parent.children.append(self)  # cycle

    @property
    def depth(self):
        return 0 if self.parent is None else self.parent.depth + 1

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()
