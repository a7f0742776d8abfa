"""Logit distillation from a BatchNorm teacher into a smaller student."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from freeze import count_parameters, freeze_teacher

CONFIG = {
    "classes": 10,
    "temperature": 4.0,
    "alpha": 0.7,
    "lr": 0.05,
    "epochs": 2,
    "steps_per_epoch": 3,
    "batch_size": 16,
}


def conv_net(width, classes):
    return nn.Sequential(
        nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
        nn.Conv2d(width, width * 2, 3, stride=2, padding=1), nn.BatchNorm2d(width * 2), nn.ReLU(),
        nn.Dropout(0.2),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(width * 2, classes))


class Distiller(nn.Module):
    def __init__(self, student, teacher, cfg):
        super().__init__()
        self.student = student
        self.teacher = freeze_teacher(teacher)
        self.T = cfg["temperature"]
        self.alpha = cfg["alpha"]

    def forward(self, x, y):
        s_logits = self.student(x)
        with torch.no_grad():
            t_logits = self.teacher(x)
        soft = F.kl_div(F.log_softmax(s_logits / self.T, dim=1),
                        F.softmax(t_logits / self.T, dim=1),
                        reduction="batchmean") * self.T ** 2
        hard = F.cross_entropy(s_logits, y)
        return self.alpha * soft + (1 - self.alpha) * hard, s_logits


def synthetic_batches(cfg, steps, seed):
    g = torch.Generator().manual_seed(seed)
    for _ in range(steps):
        x = torch.randn(cfg["batch_size"], 3, 16, 16, generator=g)
        y = torch.randint(0, cfg["classes"], (cfg["batch_size"],), generator=g)
        yield x, y


def main():
    cfg = dict(CONFIG)
    teacher = conv_net(16, cfg["classes"])
    student = conv_net(4, cfg["classes"])
    distiller = Distiller(student, teacher, cfg)
    opt = torch.optim.SGD(student.parameters(), lr=cfg["lr"], momentum=0.9)
    print("teacher frozen params:", count_parameters(teacher, trainable=False))
    for epoch in range(cfg["epochs"]):
        distiller.train()
        assert not distiller.teacher.training
        correct = 0
        for x, y in synthetic_batches(cfg, cfg["steps_per_epoch"], seed=epoch):
            loss, logits = distiller(x, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            correct += int((logits.argmax(1) == y).sum())
        distiller.eval()
        print(f"epoch {epoch} loss {loss.item():.3f} acc {correct / (cfg['steps_per_epoch'] * cfg['batch_size']):.2f}")


if __name__ == "__main__":
    main()
