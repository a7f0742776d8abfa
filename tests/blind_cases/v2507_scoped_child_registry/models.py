"""Global model registry and the generic components registered into it."""
import torch.nn as nn

from registry import Registry

MODELS = Registry("model", scope="core")


@MODELS.register_module()
class LinearHead(nn.Module):
    def __init__(self, in_features, num_classes):
        super().__init__()
        self.fc = nn.Linear(in_features, num_classes)

    def forward(self, x):
        return self.fc(x)


@MODELS.register_module()
class TaskModel(nn.Module):
    def __init__(self, backbone, head, registry):
        super().__init__()
        self.backbone = registry.build(backbone)
        self.head = registry.build(head)

    def forward(self, x):
        return self.head(self.backbone(x))


class AdaptedBackbone(nn.Module):
    def __init__(self, trunk, adapter_dim=8):
        super().__init__()
        self.trunk = trunk
        self.adapter = nn.Sequential(nn.Linear(trunk[-2].out_features, adapter_dim), nn.ReLU(),
                                     nn.Linear(adapter_dim, trunk[-2].out_features))

    def forward(self, x):
        h = self.trunk(x)
        return h + self.adapter(h)
