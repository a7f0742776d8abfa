"""Semantic segmentation dataset with constrained random crops and a logged fallback."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from failure_log import FailureLog
from seg_transforms import IGNORE, CropConstraintError, RandomScaleCrop, center_crop

CROP = 24


class SyntheticSegDataset(torch.utils.data.Dataset):
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.items = []
        for i in range(n):
            img = torch.rand(3, 32, 32, generator=g)
            if i % 3 == 0:
                mask = torch.full((32, 32), 1, dtype=torch.long)
            else:
                mask = torch.randint(0, 3, (32, 32), generator=g)
            mask[:2] = IGNORE
            self.items.append((img, mask))
        self.transform = RandomScaleCrop(CROP, generator=g)
        self.failures = FailureLog()

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        image, mask = self.items[idx]
        try:
            return self.transform(image, mask)
        except CropConstraintError as err:
            self.failures.add(idx, err)
            return center_crop(image, mask, CROP)


def main():
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 3, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(2):
        ds = SyntheticSegDataset(9, seed=epoch)
        for images, masks in torch.utils.data.DataLoader(ds, batch_size=3):
            loss = F.cross_entropy(model(images), masks, ignore_index=IGNORE)
            opt.zero_grad()
            loss.backward()
            opt.step()
        assert ds.failures.report().get("CropConstraintError", 0) > 0


if __name__ == "__main__":
    main()
