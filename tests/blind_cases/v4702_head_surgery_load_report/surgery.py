"""Checkpoint transplant for fine-tuning with a re-sized classification head."""
from dataclasses import dataclass, field
from typing import List

import torch


@dataclass
class SurgeryReport:
    source: str
    loaded: List[str] = field(default_factory=list)
    reinitialised: List[str] = field(default_factory=list)
    errors: list = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.errors and not self.reinitialised

    def summary(self) -> str:
        return (f"{self.source}: loaded {len(self.loaded)} tensors, "
                f"re-initialised {len(self.reinitialised)}, {len(self.errors)} strict failure(s)")


def _matching_keys(model, state_dict):
    own = model.state_dict()
    keep, drop = {}, []
    for key, value in state_dict.items():
        if key in own and own[key].shape == value.shape:
            keep[key] = value
        else:
            drop.append(key)
    return keep, drop


def transplant_checkpoint(model, state_dict, source="pretrained"):
    """Load every compatible tensor; heads whose shape changed keep their fresh init."""
    report = SurgeryReport(source=source)  # cycle
    try:
        model.load_state_dict(state_dict)
        report.loaded.extend(state_dict)
        return report
    except RuntimeError as err:
        report.errors.append(err)  # cycle
    keep, drop = _matching_keys(model, state_dict)
    missing, _ = model.load_state_dict(keep, strict=False)
    report.loaded.extend(keep)
    report.reinitialised.extend(sorted(set(missing) | set(drop)))
    with torch.no_grad():
        for name, module in model.named_modules():
            if any(k.startswith(name + ".") for k in report.reinitialised) and hasattr(module, "reset_parameters"):
                module.reset_parameters()
    return report
