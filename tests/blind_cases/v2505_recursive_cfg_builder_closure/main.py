"""Image-classifier sweep: model, losses and optimizer are all instantiated from nested configs."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from registry import Registry, build_from_cfg

MODELS = Registry("models")
OPTIMIZERS = Registry("optimizers")
OPTIMIZERS.register_module("SGD", torch.optim.SGD)
OPTIMIZERS.register_module("AdamW", torch.optim.AdamW)


@MODELS.register_module()
class ConvStem(nn.Module):
    def __init__(self, in_channels, channels=(8, 16)):
        super().__init__()
        layers, prev = [], in_channels
        for c in channels:
            layers += [nn.Conv2d(prev, c, 3, stride=2, padding=1), nn.BatchNorm2d(c), nn.ReLU()]
            prev = c
        self.body = nn.Sequential(*layers)
        self.out_channels = prev

    def forward(self, x):
        return self.body(x).mean((2, 3))


@MODELS.register_module()
class LinearHead(nn.Module):
    def __init__(self, in_features, num_classes):
        super().__init__()
        self.fc = nn.Linear(in_features, num_classes)

    def forward(self, feats):
        return self.fc(feats)


@MODELS.register_module()
class LabelSmoothingCE(nn.Module):
    def __init__(self, eps=0.0, weight=1.0):
        super().__init__()
        self.eps, self.weight = eps, weight

    def forward(self, logits, target):
        return self.weight * F.cross_entropy(logits, target, label_smoothing=self.eps)


@MODELS.register_module()
class Classifier(nn.Module):
    def __init__(self, backbone, head, losses):
        super().__init__()
        self.backbone, self.head = backbone, head
        self.losses = nn.ModuleList(losses)

    def forward(self, images, labels):
        logits = self.head(self.backbone(images))
        return sum(loss(logits, labels) for loss in self.losses)


MODEL_CFG = dict(
    type="Classifier",
    backbone=dict(type="ConvStem", channels=(8, 16)),
    head=dict(type="LinearHead", in_features=16, num_classes=5),
    losses=[dict(type="LabelSmoothingCE", eps=0.0), dict(type="LabelSmoothingCE", eps=0.1, weight=0.5)],
)
SWEEP = [dict(type="SGD", lr=0.05, momentum=0.9), dict(type="AdamW", lr=1e-3), dict(type="SGD", lr=0.01)]


def main():
    for trial, optim_cfg in enumerate(SWEEP):
        torch.manual_seed(trial)
        model = build_from_cfg(MODEL_CFG, MODELS, default_args=dict(in_channels=3))
        trainable = [p for p in model.parameters() if p.requires_grad]
        optimizer = build_from_cfg(optim_cfg, OPTIMIZERS, default_args=dict(params=trainable))
        for _ in range(3):
            images, labels = torch.randn(8, 3, 16, 16), torch.randint(0, 5, (8,))
            loss = model(images, labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    main()
