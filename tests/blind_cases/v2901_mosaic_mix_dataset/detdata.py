"""Synthetic detection dataset laid out like a YOLO-style data module."""
import torch
from torch.utils.data import Dataset

from augment import build_transforms


class DetectionDataset(Dataset):
    def __init__(self, num_images, imgsz, num_classes, hyp, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.num_classes = num_classes
        self.images = torch.rand(num_images, 3, imgsz, imgsz, generator=g).sub(0.5).div(0.25)
        self.classes = [torch.randint(0, num_classes, (int(torch.randint(1, 4, (1,), generator=g)),), generator=g)
                        for _ in range(num_images)]
        self.hyp = dict(hyp)
        self.transforms = build_transforms(self, self.hyp)  # cycle

    def get_image_and_label(self, index):
        return {"img": self.images[index], "cls": self.classes[index]}

    def __len__(self):
        return len(self.images)

    def __getitem__(self, index):
        return self.transforms(self.get_image_and_label(index))

    @staticmethod
    def collate_fn(batch):
        batch_idx = torch.cat([torch.full((len(b["cls"]),), i) for i, b in enumerate(batch)])
        return {"img": torch.stack([b["img"] for b in batch]), "cls": torch.cat([b["cls"] for b in batch]),
                "batch_idx": batch_idx}
