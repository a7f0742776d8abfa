"""Segmentation augmentations: random scale + crop with a category-ratio constraint."""
import torch
import torch.nn.functional as F

IGNORE = 255


class CropConstraintError(ValueError):
    pass


class RandomScaleCrop:
    def __init__(self, crop, scales=(0.75, 1.0, 1.5), cat_max_ratio=0.75, trials=6, generator=None):
        self.crop = crop
        self.scales = scales
        self.cat_max_ratio = cat_max_ratio
        self.trials = trials
        self.g = generator

    def _rescale(self, image, mask):
        s = self.scales[int(torch.randint(len(self.scales), (1,), generator=self.g))]
        size = [max(self.crop, int(d * s)) for d in image.shape[-2:]]
        image = F.interpolate(image[None], size=size, mode="bilinear", align_corners=False)[0]
        mask = F.interpolate(mask[None, None].float(), size=size, mode="nearest")[0, 0].long()
        return image, mask

    def __call__(self, image, mask):
        image, mask = self._rescale(image, mask)
        h, w = mask.shape
        for _ in range(self.trials):
            y = int(torch.randint(h - self.crop + 1, (1,), generator=self.g))
            x = int(torch.randint(w - self.crop + 1, (1,), generator=self.g))
            m = mask[y:y + self.crop, x:x + self.crop]
            valid = m[m != IGNORE]
            if valid.numel() and valid.bincount().max() < self.cat_max_ratio * valid.numel():
                return image[:, y:y + self.crop, x:x + self.crop], m
        raise CropConstraintError(f"no crop under cat_max_ratio={self.cat_max_ratio}")


def center_crop(image, mask, crop):
    h, w = mask.shape
    y, x = (h - crop) // 2, (w - crop) // 2
    return image[:, y:y + crop, x:x + crop], mask[y:y + crop, x:x + crop]
