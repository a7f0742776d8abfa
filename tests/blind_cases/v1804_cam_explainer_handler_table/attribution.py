"""Grad-CAM attribution for convolutional classifiers."""
import torch
import torch.nn.functional as F


def find_layer(model, name):
    for layer_name, module in model.named_modules():
        if layer_name == name:
            return module
    raise KeyError(name)


class CamExplainer:
    """Records one layer's activations and gradients and turns them into heatmaps."""

    hook_methods = {"forward": "_keep_activation", "full_backward": "_keep_gradient"}

    def __init__(self, target_layer, normalize=True):
        self.target = target_layer  # cycle
        self.normalize = normalize
        self.activations = None
        self.gradients = None
        self._handles = {}
        for kind, method_name in self.hook_methods.items():
            register = getattr(self.target, "register_%s_hook" % kind)
            self._handles[kind] = register(getattr(self, method_name))  # cycle

    def _keep_activation(self, module, inputs, output):
        self.activations = output.detach()

    def _keep_gradient(self, module, grad_input, grad_output):
        self.gradients = grad_output[0].detach()

    def heatmap(self, size):
        weights = self.gradients.mean(dim=(2, 3), keepdim=True)
        cam = F.relu((weights * self.activations).sum(dim=1, keepdim=True))
        cam = F.interpolate(cam, size=size, mode="bilinear", align_corners=False)
        if self.normalize:
            flat = cam.flatten(1)
            cam = (cam - flat.min(1)[0].view(-1, 1, 1, 1)) / (flat.max(1)[0] - flat.min(1)[0]).clamp_min(1e-6).view(-1, 1, 1, 1)
        return cam.squeeze(1)

    def attribute(self, model, images, class_idx=None):
        model.zero_grad(set_to_none=True)
        logits = model(images)
        if class_idx is None:
            class_idx = logits.argmax(dim=1)
        score = logits.gather(1, class_idx.view(-1, 1)).sum()
        score.backward()
        return self.heatmap(images.shape[-2:])
