"""Detector-style training loop with several weighted loss terms."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from loss_logging import EPOCH_LOSSES


class TinyHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(12, 32), nn.ReLU())
        self.cls = nn.Linear(32, 4)
        self.box = nn.Linear(32, 4)

    def forward(self, x):
        h = self.backbone(x)
        return self.cls(h), self.box(h)


def main():
    model = TinyHead()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(2):
        EPOCH_LOSSES.reset()
        for step in range(4):
            x = torch.randn(16, 12)
            labels = torch.randint(0, 4, (16,))
            boxes = torch.rand(16, 4)
            logits, pred_boxes = model(x)
            terms = {
                "cls": F.cross_entropy(logits, labels),
                "box": F.smooth_l1_loss(pred_boxes, boxes),
            }
            loss = terms["cls"] + 5.0 * terms["box"]
            opt.zero_grad()
            loss.backward()
            opt.step()
            EPOCH_LOSSES.add(terms, batch_size=x.shape[0])
        print(epoch, {k: round(v, 4) for k, v in EPOCH_LOSSES.means().items()})


if __name__ == "__main__":
    main()
