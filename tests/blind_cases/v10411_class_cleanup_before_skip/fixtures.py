"""Plain-function fixtures for the image-classifier parity tests."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CNN_CONFIG = {"channels": 3, "width": 8, "classes": 4, "size": 12, "batch": 8, "steps": 3, "lr": 0.05}

GOLDEN_INDEX = {
    ("cnn_probs", "contiguous"): {"row_sum": 1.0, "atol": 1e-5},
}


class SmallCNN(nn.Module):
    def __init__(self, channels, width, classes):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(channels, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
            nn.Conv2d(width, width, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(width, classes)

    def forward(self, x):
        return self.fc(self.features(x).flatten(1))


def image_batch(cfg, seed=0):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(cfg["batch"], cfg["channels"], cfg["size"], cfg["size"], generator=gen)
    return x, torch.randint(0, cfg["classes"], (cfg["batch"],), generator=gen)


def trained_cnn(cfg, memory_format):
    torch.manual_seed(1)
    model = SmallCNN(cfg["channels"], cfg["width"], cfg["classes"]).to(memory_format=memory_format)
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    x, y = image_batch(cfg)
    x = x.contiguous(memory_format=memory_format)
    for _ in range(cfg["steps"]):
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return model.eval(), optimizer


def golden_for(name, layout):
    return GOLDEN_INDEX.get((name, layout))
