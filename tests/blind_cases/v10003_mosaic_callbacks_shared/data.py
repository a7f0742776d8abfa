"""Synthetic detection dataset with 2x2 mosaic augmentation."""
import random

import torch


class MosaicDetectionDataset(torch.utils.data.Dataset):
    def __init__(self, n, img_size=64, num_classes=3, close_mosaic=1, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.img_size = img_size
        self.half = img_size // 2
        self.images = torch.rand(n, 3, self.half, self.half, generator=g)
        xy = torch.rand(n, 1, 2, generator=g) * (self.half - 12)
        wh = 6 + torch.rand(n, 1, 2, generator=g) * 6
        cls = torch.randint(0, num_classes, (n, 1, 1), generator=g).float()
        self.labels = list(torch.cat([cls, xy, xy + wh], 2))
        self.mosaic = True
        self.close_epochs = close_mosaic
        self.rng = random.Random(seed)

    def __len__(self):
        return len(self.images)

    def close_mosaic(self, trainer):
        if trainer.epoch == trainer.epochs - self.close_epochs and self.mosaic:
            self.mosaic = False

    def _letterbox(self, i):
        img = torch.full((3, self.img_size, self.img_size), 0.5)
        img[:, :self.half, :self.half] = self.images[i]
        return img, self.labels[i].clone()

    def _mosaic(self, i):
        idx = [i] + [self.rng.randrange(len(self)) for _ in range(3)]
        img = torch.full((3, self.img_size, self.img_size), 0.5)
        labels = []
        for q, j in enumerate(idx):
            oy, ox = (q // 2) * self.half, (q % 2) * self.half
            img[:, oy:oy + self.half, ox:ox + self.half] = self.images[j]
            lab = self.labels[j].clone()
            lab[:, [1, 3]] += ox
            lab[:, [2, 4]] += oy
            labels.append(lab)
        return img, torch.cat(labels)

    def __getitem__(self, i):
        return self._mosaic(i) if self.mosaic else self._letterbox(i)

    @staticmethod
    def collate_fn(batch):
        images, labels = zip(*batch)
        rows = [torch.cat([torch.full((len(l), 1), float(k)), l], 1) for k, l in enumerate(labels)]
        return torch.stack(images), torch.cat(rows)
