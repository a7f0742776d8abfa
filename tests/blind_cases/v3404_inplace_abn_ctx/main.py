"""Segmentation-style encoder trained with the in-place BN+activation blocks."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from inplace_ops import SegHead


def conv_bn_relu(cin, cout, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TinySegNet(nn.Module):
    def __init__(self, classes=4):
        super().__init__()
        self.backbone = nn.Sequential(conv_bn_relu(3, 8), conv_bn_relu(8, 16, stride=2))
        self.head = SegHead(16, 8, classes)

    def forward(self, x):
        return self.head(self.backbone(x), x.shape[-2:])


def dice_loss(logits, target, eps=1.0):
    probs = logits.softmax(1)
    onehot = F.one_hot(target, probs.shape[1]).permute(0, 3, 1, 2).float()
    inter = (probs * onehot).sum((2, 3))
    union = probs.sum((2, 3)) + onehot.sum((2, 3))
    return 1 - ((2 * inter + eps) / (union + eps)).mean()


def main():
    torch.manual_seed(0)
    model = TinySegNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(4):
        images = torch.randn(2, 3, 16, 16)
        masks = torch.randint(0, 4, (2, 16, 16))
        logits = model(images)
        loss = F.cross_entropy(logits, masks) + dice_loss(logits, masks)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
