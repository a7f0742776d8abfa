"""Train a small segmentation net on an on-disk dataset that contains a few broken files."""
import os
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

from dataset import FolderSegDataset
from imageio import write_image

CFG = {"num_images": 8, "broken": (2, 5), "num_classes": 3, "size": 16, "epochs": 2, "batch_size": 4}


def make_dataset_dir(root):
    for sub in ("images", "masks"):
        os.makedirs(os.path.join(root, sub))
    for i in range(CFG["num_images"]):
        name = f"frame_{i:03d}.rimg"
        image = torch.rand(3, CFG["size"], CFG["size"])
        write_image(os.path.join(root, "images", name), image)
        write_image(os.path.join(root, "masks", name), (image[:1] > 0.5).float())
        if i in CFG["broken"]:
            with open(os.path.join(root, "images", name), "r+b") as fh:
                fh.truncate(32)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, CFG["num_classes"], 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    with tempfile.TemporaryDirectory() as root:
        make_dataset_dir(root)
        for epoch in range(CFG["epochs"]):
            dataset = FolderSegDataset(root, CFG["num_classes"])
            loader = torch.utils.data.DataLoader(dataset, batch_size=CFG["batch_size"], shuffle=True)
            for images, masks in loader:
                loss = F.cross_entropy(model(images), masks)
                opt.zero_grad()
                loss.backward()
                opt.step()
            print(f"epoch {epoch}: loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
