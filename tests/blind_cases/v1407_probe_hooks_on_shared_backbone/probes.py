"""Linear probes that read intermediate features of a frozen backbone."""
import torch
import torch.nn as nn


class LinearProbe(nn.Module):
    def __init__(self, backbone, layer_name, feat_dim, num_classes):
        super().__init__()
        self.layer_name = layer_name
        self.norm = nn.BatchNorm1d(feat_dim, affine=False)
        self.fc = nn.Linear(feat_dim, num_classes)
        self._features = None
        layer = dict(backbone.named_children())[layer_name]
        layer.register_forward_hook(self._capture)  # retain
        self._backbone = (backbone,)

    def _capture(self, module, inputs, output):
        self._features = output.mean(dim=(2, 3))

    def forward(self, images):
        with torch.no_grad():
            self._backbone[0](images)
        feats, self._features = self._features, None
        return self.fc(self.norm(feats))
