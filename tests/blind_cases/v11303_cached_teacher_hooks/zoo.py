"""Pretrained teacher zoo; loading is expensive, so teachers are shared per process."""
import functools

import torch
import torch.nn as nn


class Stage(nn.Sequential):
    def __init__(self, c_in, c_out, stride):
        super().__init__(nn.Conv2d(c_in, c_out, 3, stride=stride, padding=1, bias=False),
                         nn.BatchNorm2d(c_out), nn.ReLU(inplace=True))


class TinyResNetTeacher(nn.Module):
    def __init__(self, width, classes=10):
        super().__init__()
        self.stem = Stage(3, width, 1)
        self.layer1 = Stage(width, width * 2, 2)
        self.layer2 = Stage(width * 2, width * 4, 2)
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(width * 4, classes))

    def forward(self, x):
        return self.head(self.layer2(self.layer1(self.stem(x))))


@functools.lru_cache(maxsize=4)
def load_teacher(arch, width):
    if arch != "tiny-resnet":
        raise KeyError(arch)
    torch.manual_seed(1234)
    teacher = TinyResNetTeacher(width)
    for p in teacher.parameters():
        p.requires_grad_(False)
    return teacher.eval()
