"""Preprocessed example records shared by the datasets, the collate function and the reports."""
from dataclasses import dataclass, field
from typing import Any, Dict

import torch


@dataclass
class Example:
    index: int
    features: torch.Tensor
    target: int
    source: Any = field(default=None, repr=False, compare=False)
    meta: Dict[str, Any] = field(default_factory=dict)

    def describe(self):
        origin = self.source.describe(self.index) if self.source is not None else "?"
        return "%s target=%d" % (origin, self.target)


def collate_examples(batch):
    features = torch.stack([ex.features for ex in batch])
    targets = torch.tensor([ex.target for ex in batch])
    return features, targets, list(batch)
