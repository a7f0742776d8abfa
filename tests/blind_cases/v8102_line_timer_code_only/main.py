"""Small image classifier whose step function is line-timed on the first epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from linetimer import LineTimer

HPARAMS = {"channels": 8, "classes": 5, "epochs": 3, "steps": 3, "batch": 8, "lr": 0.05,
           "label_smoothing": 0.1, "timed_epochs": (0,)}


class TinyConvNet(nn.Module):
    def __init__(self, channels, classes):
        super().__init__()
        self.conv1 = nn.Conv2d(3, channels, 3, padding=1)
        self.conv2 = nn.Conv2d(channels, channels * 2, 3, padding=1)
        self.head = nn.Linear(channels * 2, classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.relu(self.conv2(x))
        return self.head(x.mean(dim=(2, 3)))


def step(model, optimizer, images, labels, hp):
    logits = model(images)
    loss = F.cross_entropy(logits, labels, label_smoothing=hp["label_smoothing"])
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
    accuracy = (logits.argmax(dim=1) == labels).float().mean()
    return loss.item(), accuracy.item()


def main():
    hp = dict(HPARAMS)
    model = TinyConvNet(hp["channels"], hp["classes"])
    optimizer = torch.optim.SGD(model.parameters(), lr=hp["lr"], momentum=0.9)
    timer = LineTimer([step])
    for epoch in range(hp["epochs"]):
        timed = epoch in hp["timed_epochs"]
        if timed:
            timer.start()
        try:
            for _ in range(hp["steps"]):
                images = torch.randn(hp["batch"], 3, 16, 16)
                labels = torch.randint(0, hp["classes"], (hp["batch"],))
                loss, acc = step(model, optimizer, images, labels, hp)
        finally:
            if timed:
                timer.stop()
        print(f"epoch {epoch} loss={loss:.3f} acc={acc:.2f}")
    print("slowest lines (ms):", timer.summary())


if __name__ == "__main__":
    main()
