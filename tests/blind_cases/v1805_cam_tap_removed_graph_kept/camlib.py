"""Feature taps and a Grad-CAM explainer that cleans up its hooks after every call."""
import torch
import torch.nn.functional as F


class FeatureTap:
    """Captures the activations and output gradients of one layer while installed."""

    def __init__(self, layer, detach=False):
        self.detach = detach
        self.activations = []
        self.gradients = []
        self._handles = [
            layer.register_forward_hook(self._save_activation),
            layer.register_full_backward_hook(self._save_gradient),  # retain
        ]

    def _save_activation(self, module, inputs, output):
        if self.detach:
            output = output.detach()
        self.activations.append(output)  # retain

    def _save_gradient(self, module, grad_input, grad_output):
        grad = grad_output[0]
        self.gradients.insert(0, grad.detach() if self.detach else grad)

    def remove(self):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()


class GradCAM:
    def __init__(self, model, target_layer, use_relu=True):
        self.model = model
        self.target_layer = target_layer
        self.use_relu = use_relu

    def _combine(self, activations, gradients):
        weights = gradients.mean(dim=(2, 3), keepdim=True)
        cam = (weights * activations).sum(dim=1)
        if self.use_relu:
            cam = F.relu(cam)
        return cam / cam.amax(dim=(1, 2), keepdim=True).clamp_min(1e-6)

    def __call__(self, images, targets):
        tap = FeatureTap(self.target_layer)
        try:
            logits = self.model(images)
            self.model.zero_grad(set_to_none=True)
            logits.gather(1, targets.view(-1, 1)).sum().backward()
            cam = self._combine(tap.activations[-1], tap.gradients[-1])
        finally:
            tap.remove()
        return cam.detach()
