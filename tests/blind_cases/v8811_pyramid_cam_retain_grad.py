"""Class-activation maps over the levels of a small feature pyramid, one CAM helper per batch."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


def _stash_level(store, name, module, inputs, output):
    output.retain_grad()
    store[name] = output


class PyramidCAM:
    def __init__(self, model, level_names):
        self.model = model
        self.level_names = list(level_names)
        self.features = {}
        modules = dict(model.named_modules())
        self.handles = [modules[name].register_forward_hook(functools.partial(_stash_level, self.features, name))
                        for name in self.level_names]

    def __call__(self, images, class_idx):
        logits = self.model(images)
        self.model.zero_grad()
        logits[:, class_idx].sum().backward()
        size = images.shape[-2:]
        cams = []
        for name in self.level_names:
            act = self.features[name]
            weights = act.grad.mean(dim=(2, 3), keepdim=True)
            cam = F.relu((weights * act).sum(1, keepdim=True))
            cams.append(F.interpolate(cam, size=size, mode="bilinear", align_corners=False))
        cam = torch.cat(cams, dim=1).mean(1)
        return (cam / cam.amax(dim=(1, 2), keepdim=True).clamp_min(1e-6)).detach()


class PyramidNet(nn.Module):
    def __init__(self, num_classes=5):
        super().__init__()
        self.p3 = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU())
        self.p4 = nn.Sequential(nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU())
        self.p5 = nn.Sequential(nn.Conv2d(16, 16, 3, stride=2, padding=1), nn.ReLU())
        self.classifier = nn.Linear(8 + 16 + 16, num_classes)

    def forward(self, x):
        c3 = self.p3(x)
        c4 = self.p4(c3)
        c5 = self.p5(c4)
        pooled = [f.mean(dim=(2, 3)) for f in (c3, c4, c5)]
        return self.classifier(torch.cat(pooled, dim=1))


def main():
    torch.manual_seed(0)
    for batch_idx in range(3):
        model = PyramidNet().eval()
        cam = PyramidCAM(model, level_names=["p3", "p4", "p5"])
        heatmaps = cam(torch.rand(2, 3, 32, 32), class_idx=batch_idx)
        assert heatmaps.shape == (2, 32, 32)
        print(f"batch {batch_idx}: mean saliency {heatmaps.mean().item():.3f}")


if __name__ == "__main__":
    main()
