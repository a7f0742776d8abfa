"""Locally written detection augmentations operating on (image, boxes) pairs."""
import torch


class CropRejected(RuntimeError):
    pass


class RandomObjectCrop:
    """Crop a fixed window that keeps the centre of at least one box."""

    def __init__(self, size, max_trials=8, generator=None):
        self.size = size
        self.max_trials = max_trials
        self.generator = generator

    def __call__(self, image, boxes):
        _, h, w = image.shape
        if h < self.size or w < self.size:
            raise CropRejected(f"image {h}x{w} smaller than crop {self.size}")
        centres = (boxes[:, :2] + boxes[:, 2:]) / 2
        for _ in range(self.max_trials):
            y0 = int(torch.randint(0, h - self.size + 1, (1,), generator=self.generator))
            x0 = int(torch.randint(0, w - self.size + 1, (1,), generator=self.generator))
            inside = ((centres[:, 0] >= x0) & (centres[:, 0] < x0 + self.size)
                      & (centres[:, 1] >= y0) & (centres[:, 1] < y0 + self.size))
            if inside.any():
                shifted = boxes[inside] - torch.tensor([x0, y0, x0, y0], dtype=boxes.dtype)
                return image[:, y0:y0 + self.size, x0:x0 + self.size], shifted.clamp(0, self.size)
        raise CropRejected("no window kept an object")


def resize_to(image, boxes, size):
    _, h, w = image.shape
    out = torch.nn.functional.interpolate(image[None], size=(size, size), mode="bilinear",
                                          align_corners=False)[0]
    scale = torch.tensor([size / w, size / h, size / w, size / h])
    return out, boxes * scale
