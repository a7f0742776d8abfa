"""Mixed-resolution detection dataset with crop augmentation and a resize fallback."""
import torch
import torch.nn as nn

from stats import LoaderStats
from transforms import CropRejected, RandomObjectCrop, resize_to

CROP = 40


class MixedResolutionDataset(torch.utils.data.Dataset):
    def __init__(self, sizes, crop=CROP, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.samples = []
        for s in sizes:
            img = torch.rand(3, s, s, generator=g)
            xy = torch.rand(3, 2, generator=g) * (s - 8)
            self.samples.append((img, torch.cat([xy, xy + 8], dim=1)))
        self.crop = RandomObjectCrop(crop, generator=g)
        self.out_size = crop
        self.stats = LoaderStats()  # cycle

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, idx):
        image, boxes = self.samples[idx]
        try:
            image, boxes = self.crop(image, boxes)
        except CropRejected as err:
            self.stats.record_failure(idx, err)
            image, boxes = resize_to(image, boxes, self.out_size)
        self.stats.served += 1
        return image, boxes[:1]


def collate(batch):
    return torch.stack([b[0] for b in batch]), torch.stack([b[1][0] for b in batch])


class BoxRegressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(),
                                  nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 4))

    def forward(self, x):
        return self.body(x) * CROP


def main():
    model = BoxRegressor()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(2):
        ds = MixedResolutionDataset([32, 48, 64, 36, 56, 44], seed=epoch)
        loader = torch.utils.data.DataLoader(ds, batch_size=3, collate_fn=collate)
        for images, boxes in loader:
            loss = nn.functional.smooth_l1_loss(model(images), boxes)
            opt.zero_grad()
            loss.backward()
            opt.step()
        ds.stats.summary()


if __name__ == "__main__":
    main()
