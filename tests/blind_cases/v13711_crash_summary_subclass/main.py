"""Small image classifier; a step that runs out of memory is retried in smaller chunks."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from crash import CrashSummary, render

CFG = {"batch_size": 32, "image": 12, "classes": 4, "steps": 3, "min_chunk": 4, "budget": 40_000}


class OutOfMemory(RuntimeError):
    pass


class SmallConvNet(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.Conv2d(16, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(16, classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, nesterov=True)
        self.chunk = cfg["batch_size"]
        self.global_step = 0
        self.failures = []  # cycle

    def _accumulate(self, images, labels):
        self.optimizer.zero_grad(set_to_none=True)
        total = 0.0
        for x, y in zip(images.split(self.chunk), labels.split(self.chunk)):
            if x.numel() * 16 > self.cfg["budget"]:
                raise OutOfMemory(f"simulated OOM for a chunk of {len(x)} images")
            loss = F.cross_entropy(self.model(x), y) * (len(x) / len(images))
            loss.backward()
            total += loss.item()
        self.optimizer.step()
        return total

    def train_step(self, images, labels):
        self.global_step += 1
        while True:
            try:
                return self._accumulate(images, labels)
            except OutOfMemory as err:
                summary = CrashSummary(err, step=self.global_step, chunk=self.chunk)
                self.failures.append(summary)  # cycle
                if self.chunk // 2 < self.cfg["min_chunk"]:
                    summary.reraise()
                self.chunk //= 2

    def fit(self):
        cfg = self.cfg
        losses = []
        for _ in range(cfg["steps"]):
            images = torch.randn(cfg["batch_size"], 3, cfg["image"], cfg["image"])
            labels = torch.randint(0, cfg["classes"], (cfg["batch_size"],))
            losses.append(self.train_step(images, labels))
        return losses


def main():
    trainer = Trainer(SmallConvNet(CFG["classes"]), CFG)
    losses = trainer.fit()
    report = render(trainer.failures, full=True)
    assert len(losses) == CFG["steps"] and "OutOfMemory" in report


if __name__ == "__main__":
    main()
