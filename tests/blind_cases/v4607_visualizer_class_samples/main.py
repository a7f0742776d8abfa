"""Box-regression detector trainer that periodically renders its predictions."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from visual import LocalVisualizer

CFG = {"num_queries": 4, "img_size": 32, "vis_interval": 2, "epochs": 2, "steps": 3}


class QueryBoxHead(nn.Module):
    def __init__(self, num_queries, img_size):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 16, 3, stride=4, padding=1), nn.ReLU(),
                                      nn.AdaptiveAvgPool2d(2), nn.Flatten())
        self.box = nn.Linear(64, num_queries * 4)
        self.score = nn.Linear(64, num_queries)
        self.num_queries, self.img_size = num_queries, img_size

    def forward(self, x):
        f = self.backbone(x)
        boxes = self.box(f).sigmoid().view(-1, self.num_queries, 4) * self.img_size
        x0y0 = torch.minimum(boxes[..., :2], boxes[..., 2:])
        x1y1 = torch.maximum(boxes[..., :2], boxes[..., 2:])
        return torch.cat([x0y0, x1y1], -1), self.score(f).sigmoid()


class DetectionTrainer:
    def __init__(self, cfg, run_name):
        self.cfg = cfg
        self.model = QueryBoxHead(cfg["num_queries"], cfg["img_size"])
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.visualizer = LocalVisualizer(run_name)
        self.global_step = 0

    def train_step(self, images, gt_boxes):
        boxes, scores = self.model(images)
        loss = F.l1_loss(boxes, gt_boxes) / self.cfg["img_size"] + (1 - scores).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        if self.global_step % self.cfg["vis_interval"] == 0:
            self.visualizer.add_datasample("train", images[0], boxes[0], scores[0], self.global_step)
        self.global_step += 1
        return loss.item()

    def fit(self):
        s = self.cfg["img_size"]
        for epoch in range(self.cfg["epochs"]):
            for _ in range(self.cfg["steps"]):
                images = torch.rand(2, 3, s, s)
                xy = torch.rand(2, self.cfg["num_queries"], 2) * (s / 2)
                self.train_step(images, torch.cat([xy, xy + s / 4], -1))
            self.visualizer.render("train")


def main():
    for run in ("baseline", "wide-lr"):
        DetectionTrainer(CFG, run).fit()


if __name__ == "__main__":
    main()
