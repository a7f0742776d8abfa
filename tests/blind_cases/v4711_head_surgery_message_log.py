"""Checkpoint transplant with a re-sized head; strict failures are logged as text."""
from dataclasses import dataclass, field
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class SurgeryReport:
    source: str
    loaded: List[str] = field(default_factory=list)
    reinitialised: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.source}: loaded {len(self.loaded)} tensors, "
                f"re-initialised {len(self.reinitialised)}; " + " | ".join(self.notes))


def transplant_checkpoint(model, state_dict, source="pretrained"):
    report = SurgeryReport(source=source)
    try:
        model.load_state_dict(state_dict)
        report.loaded.extend(state_dict)
        return report
    except RuntimeError as err:
        first = str(err).strip().splitlines()
        report.notes.append(f"{type(err).__name__}: {first[-1].strip() if first else ''}")
    own = model.state_dict()
    keep = {k: v for k, v in state_dict.items() if k in own and own[k].shape == v.shape}
    missing, _ = model.load_state_dict(keep, strict=False)
    report.loaded.extend(keep)
    report.reinitialised.extend(sorted(set(missing) | (set(state_dict) - set(keep))))
    with torch.no_grad():
        for name, module in model.named_modules():
            if any(k.startswith(name + ".") for k in report.reinitialised) and hasattr(module, "reset_parameters"):
                module.reset_parameters()
    return report


class ConvClassifier(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
            nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.classifier = nn.Linear(16, num_classes)

    def forward(self, x):
        return self.classifier(self.features(x))


def train(model, num_classes, steps, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    model.train()
    for _ in range(steps):
        x, y = torch.randn(8, 3, 12, 12), torch.randint(0, num_classes, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    source = ConvClassifier(num_classes=10)
    train(source, 10, steps=3, lr=0.05)
    checkpoint = {k: v.clone() for k, v in source.state_dict().items()}
    for num_classes in (3, 5):
        target = ConvClassifier(num_classes=num_classes)
        report = transplant_checkpoint(target, checkpoint, source="imagenet-10")
        print(report.summary())
        print(f"{num_classes} classes: loss {train(target, num_classes, steps=3, lr=0.01):.3f}")


if __name__ == "__main__":
    main()
