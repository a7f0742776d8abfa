"""Multi-label image classifier trained with mosaic augmentation."""
import torch
import torch.nn as nn

from pipeline import Compose, Mosaic, Normalize, RandomFlip

NUM_CLASSES = 5
PIPELINE_CFG = [("mosaic", {"out_size": 32, "buffer_size": 6}), ("flip", {"prob": 0.5}), ("normalize", {})]
TRANSFORMS = {"mosaic": Mosaic, "flip": RandomFlip, "normalize": Normalize}


def build_pipeline(cfg):
    return Compose(TRANSFORMS[name](**kwargs) for name, kwargs in cfg)


class ImageFolderLike(torch.utils.data.Dataset):
    def __init__(self, n, pipeline, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.images = [torch.rand(3, 24 + 4 * (i % 3), 24 + 4 * (i % 3), generator=g) for i in range(n)]
        self.labels = [nn.functional.one_hot(torch.tensor(i % NUM_CLASSES), NUM_CLASSES) for i in range(n)]
        self.pipeline = pipeline

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        results = {"img": self.images[idx], "label": self.labels[idx], "idx": idx}
        out = self.pipeline(results)
        return out["img"], out["label"].float()


def main():
    model = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(),
                          nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, NUM_CLASSES))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(2):
        ds = ImageFolderLike(12, build_pipeline(PIPELINE_CFG), seed=epoch)
        loader = torch.utils.data.DataLoader(ds, batch_size=4, shuffle=False)
        for images, targets in loader:
            loss = nn.functional.binary_cross_entropy_with_logits(model(images), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
