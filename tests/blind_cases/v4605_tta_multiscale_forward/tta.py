"""Test-time augmentation helpers for dense prediction models."""
import torch
import torch.nn.functional as F


def _resize(x, size):
    return F.interpolate(x, size=size, mode="bilinear", align_corners=False)


def multiscale(forward, scales=(0.75, 1.0, 1.25), flip=True):
    """Wrap a dense forward so that it averages logits over scales (and horizontal flips)."""

    def wrapped(images, *args, **kwargs):  # cycle
        h, w = images.shape[-2:]
        acc = 0.0
        n = 0
        for s in scales:
            size = (max(8, int(h * s) // 8 * 8), max(8, int(w * s) // 8 * 8))
            x = _resize(images, size)
            views = [x, x.flip(-1)] if flip else [x]
            for k, v in enumerate(views):
                out = forward(v, *args, **kwargs)
                if k == 1:
                    out = out.flip(-1)
                acc = acc + _resize(out, (h, w))
                n += 1
        return acc / n

    wrapped.tta_scales = tuple(scales)
    return wrapped


def confusion(pred, target, num_classes):
    idx = target.flatten() * num_classes + pred.flatten()
    return torch.bincount(idx, minlength=num_classes ** 2).reshape(num_classes, num_classes)
