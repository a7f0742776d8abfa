"""Pretrained teacher, built once per process and shared by every distillation job."""
import torch
import torch.nn as nn


def _conv_bn(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


def _build_teacher():
    torch.manual_seed(1234)
    net = nn.Sequential(_conv_bn(3, 16), nn.MaxPool2d(2), _conv_bn(16, 32), nn.AdaptiveAvgPool2d(1),
                        nn.Flatten(), nn.Linear(32, 10))
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.uniform_(-0.2, 0.2)
                m.running_var.uniform_(0.5, 1.5)
    for p in net.parameters():
        p.requires_grad_(False)
    return net.eval()


TEACHER = _build_teacher()
