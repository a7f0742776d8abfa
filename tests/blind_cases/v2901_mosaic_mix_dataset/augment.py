"""Detection augmentations: per-sample transforms and multi-image mixing, built from a config list."""
import random

import torch
import torch.nn.functional as F


class Compose:
    def __init__(self, transforms):
        self.transforms = list(transforms)  # cycle

    def __call__(self, labels):
        for t in self.transforms:
            labels = t(labels)
        return labels


class BaseMixTransform:
    """Combines the current sample with `num_mixed` other samples of the dataset."""

    num_mixed = 1

    def __init__(self, dataset, p=1.0):
        self.dataset = dataset  # cycle
        self.p = p

    def __call__(self, labels):
        if random.random() > self.p:
            return labels
        indexes = [random.randrange(len(self.dataset)) for _ in range(self.num_mixed)]
        return self._mix(labels, [self.dataset.get_image_and_label(i) for i in indexes])


class Mosaic(BaseMixTransform):
    num_mixed = 3

    def __init__(self, dataset, imgsz, p=1.0):
        super().__init__(dataset, p=p)
        self.imgsz = imgsz

    def _mix(self, labels, others):
        half = self.imgsz // 2
        canvas = torch.zeros(3, self.imgsz, self.imgsz)
        for k, tile in enumerate([labels] + others):
            oy, ox = divmod(k, 2)
            img = F.interpolate(tile["img"][None], size=(half, half), mode="bilinear", align_corners=False)[0]
            canvas[:, oy * half:(oy + 1) * half, ox * half:(ox + 1) * half] = img
        return dict(labels, img=canvas, cls=torch.cat([t["cls"] for t in [labels] + others]))


class MixUp(BaseMixTransform):
    def __init__(self, dataset, alpha=8.0, p=0.5):
        super().__init__(dataset, p=p)
        self.alpha = alpha

    def _mix(self, labels, others):
        r = random.betavariate(self.alpha, self.alpha)
        return dict(labels, img=labels["img"] * r + others[0]["img"] * (1.0 - r),
                    cls=torch.cat([labels["cls"], others[0]["cls"]]))


TRANSFORMS = {"mosaic": Mosaic, "mixup": MixUp}


def build_transforms(dataset, hyp):
    stages = []
    for name, kwargs in hyp["pipeline"]:
        cls = TRANSFORMS[name]
        stages.append(cls(dataset, **kwargs) if issubclass(cls, BaseMixTransform) else cls(**kwargs))
    return Compose(stages)
