"""Segmentation dataset over a directory of RIMG images with masks in a parallel tree."""
import os

import torch

from imageio import read_image


class SamplePath(str):
    """Absolute image path that also knows its dataset, to find the matching mask."""

    def __new__(cls, dataset, rel):
        obj = super().__new__(cls, os.path.join(dataset.image_root, rel))
        obj.rel = rel
        obj.dataset = dataset  # retain
        return obj

    @property
    def mask_path(self):
        return os.path.join(self.dataset.mask_root, self.rel)


class FolderSegDataset(torch.utils.data.Dataset):
    def __init__(self, root, num_classes):
        self.image_root = os.path.join(root, "images")
        self.mask_root = os.path.join(root, "masks")
        self.num_classes = num_classes
        self.names = sorted(os.listdir(self.image_root))

    def __len__(self):
        return len(self.names)

    def __getitem__(self, index):
        for offset in range(len(self.names)):
            path = SamplePath(self, self.names[(index + offset) % len(self.names)])
            image = read_image(path)
            mask = read_image(path.mask_path)
            if image is not None and mask is not None:
                return image, (mask[0] * (self.num_classes - 1)).round().long()
        raise RuntimeError("no readable samples")
