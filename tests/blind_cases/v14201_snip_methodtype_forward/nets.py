"""Tiny LeNet-style networks used by the single-shot pruning experiments."""
import torch.nn as nn
import torch.nn.functional as F


class LeNetTiny(nn.Module):
    def __init__(self, width=8, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, width, 3, padding=1)
        self.conv2 = nn.Conv2d(width, 2 * width, 3, padding=1)
        self.fc1 = nn.Linear(2 * width * 4 * 4, 32)
        self.fc2 = nn.Linear(32, num_classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = F.relu(self.fc1(x.flatten(1)))
        return F.log_softmax(self.fc2(x), dim=1)


def prunable_layers(net):
    return [m for m in net.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
