"""Visual prompt tuning (shallow VPT): learnable tokens are inserted after [CLS]
in front of the first transformer block; the backbone stays frozen."""
import torch
import torch.nn as nn


class VisualPromptTuner(nn.Module):
    def __init__(self, backbone, num_prompts, num_classes, dim=32):
        super().__init__()
        self.backbone = backbone  # cycle
        self.backbone.requires_grad_(False)
        self.prompts = nn.Parameter(0.02 * torch.randn(1, num_prompts, dim))
        self.head = nn.Linear(dim, num_classes)
        self._handle = backbone.blocks[0].register_forward_pre_hook(self._prepend_prompts)  # cycle

    def _prepend_prompts(self, block, inputs):
        (x,) = inputs
        prompts = self.prompts.expand(x.shape[0], -1, -1)
        return (torch.cat([x[:, :1], prompts, x[:, 1:]], dim=1),)

    def forward(self, images):
        return self.head(self.backbone(images))

    def trainable_parameters(self):
        return [p for p in self.parameters() if p.requires_grad]
