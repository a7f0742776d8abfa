"""Guided-backprop saliency maps for a small CNN, computed after a short fine-tuning run."""
import contextlib

import torch
import torch.nn as nn
import torch.nn.functional as F


def build_cnn(n_classes=5):
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
        nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(),
        nn.AdaptiveAvgPool2d(2), nn.Flatten(),
        nn.Linear(32, 16), nn.ReLU(),
        nn.Linear(16, n_classes),
    )


class GuidedBackprop:
    """Only positive gradients flow back through ReLUs, and only where the unit was active."""

    def __init__(self, model):
        self.model = model

    @staticmethod
    def _guide(module, inputs, output):
        output.register_hook(lambda grad: grad.clamp(min=0) * (output > 0).to(grad.dtype))  # retain

    @contextlib.contextmanager
    def _guided_relus(self):
        handles = [m.register_forward_hook(self._guide) for m in self.model.modules()
                   if isinstance(m, nn.ReLU)]
        try:
            yield
        finally:
            for h in handles:
                h.remove()

    def saliency(self, images, target):
        images = images.clone().requires_grad_(True)
        was_training = self.model.training
        self.model.eval()
        with self._guided_relus():
            logits = self.model(images)
            score = logits.gather(1, target[:, None]).sum()
            grad, = torch.autograd.grad(score, images)
        self.model.train(was_training)
        sal = grad.abs().amax(dim=1)
        return sal / sal.flatten(1).amax(dim=1).clamp_min(1e-8)[:, None, None]


def finetune(model, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(steps):
        x, y = torch.randn(6, 3, 8, 8), torch.randint(0, 5, (6,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(0)
    model = build_cnn()
    finetune(model)
    explainer = GuidedBackprop(model)
    images, labels = torch.randn(4, 3, 8, 8), torch.randint(0, 5, (4,))
    maps = explainer.saliency(images, labels)
    print("saliency map shape:", tuple(maps.shape), "mean:", round(maps.mean().item(), 3))


if __name__ == "__main__":
    main()
