"""Two short detection runs (different image sizes) driven by an event-callback trainer."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import callbacks
from data import MosaicDetectionDataset


class GridDetector(nn.Module):
    def __init__(self, num_classes, stride=8, width=16):
        super().__init__()
        self.stride = stride
        layers = []
        for c_in in (3, width, width):
            layers += [nn.Conv2d(c_in, width, 3, 2, 1), nn.SiLU()]
        self.net = nn.Sequential(*layers, nn.Conv2d(width, 5 + num_classes, 1))

    def forward(self, x):
        return self.net(x).permute(0, 2, 3, 1)

    def loss(self, out, targets):
        obj_t = torch.zeros_like(out[..., 0])
        b, cls, x1, y1, x2, y2 = targets.unbind(1)
        gx = ((x1 + x2) / 2 / self.stride).long().clamp(0, out.shape[2] - 1)
        gy = ((y1 + y2) / 2 / self.stride).long().clamp(0, out.shape[1] - 1)
        obj_t[b.long(), gy, gx] = 1.0
        cell = out[b.long(), gy, gx]
        grid_xy = torch.stack([gx, gy, gx, gy], 1)
        box_l = F.l1_loss(cell[:, 1:5], torch.stack([x1, y1, x2, y2], 1) / self.stride - grid_xy)
        return F.binary_cross_entropy_with_logits(out[..., 0], obj_t) + box_l + F.cross_entropy(cell[:, 5:], cls.long())


class DetectionTrainer:
    def __init__(self, name, cfg):
        self.name = name
        self.cfg = cfg
        self.epochs = cfg["epochs"]
        self.epoch = 0
        self.callbacks = callbacks.get_default_callbacks()
        callbacks.add_integration_callbacks(self)

    def add_callback(self, event, fn):
        self.callbacks[event].append(fn)  # retain

    def run_callbacks(self, event):
        for cb in self.callbacks.get(event, []):
            cb(self)

    def _setup_train(self):
        self.dataset = MosaicDetectionDataset(16, img_size=self.cfg["imgsz"], close_mosaic=self.cfg["close_mosaic"])
        self.add_callback("on_train_epoch_start", self.dataset.close_mosaic)
        self.loader = torch.utils.data.DataLoader(self.dataset, batch_size=4, shuffle=True,
                                                  collate_fn=MosaicDetectionDataset.collate_fn)
        self.model = GridDetector(num_classes=3)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.01, momentum=0.9, nesterov=True)

    def train(self):
        self._setup_train()
        for self.epoch in range(self.epochs):
            self.run_callbacks("on_train_epoch_start")
            for images, targets in self.loader:
                loss = self.model.loss(self.model(images), targets)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.tloss = loss.item()
            self.run_callbacks("on_fit_epoch_end")


def main():
    for imgsz in (64, 96):
        torch.manual_seed(0)
        DetectionTrainer(f"imgsz{imgsz}", {"epochs": 3, "imgsz": imgsz, "close_mosaic": 1}).train()


if __name__ == "__main__":
    main()
