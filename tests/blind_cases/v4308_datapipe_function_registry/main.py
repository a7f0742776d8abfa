"""Knowledge distillation sweep over student widths, one data pipeline per teacher checkpoint."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from pipeline import DistillationData


def mlp(width, dim=16, classes=2):
    return nn.Sequential(nn.Linear(dim, width), nn.ReLU(), nn.Linear(width, classes))


def distill(data, width, epochs=2, alpha=0.7):
    student = mlp(width)
    optimizer = torch.optim.Adam(student.parameters(), lr=5e-3)
    loader = DataLoader(data.train_pipe(batch_size=16), batch_size=None)
    for epoch in range(epochs):
        for x, y, soft in loader:
            logits = student(x)
            kd = F.kl_div(F.log_softmax(logits / data.temperature, -1), soft, reduction="batchmean")
            loss = alpha * kd * data.temperature ** 2 + (1 - alpha) * F.cross_entropy(logits, y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    return loss.item()


def main():
    results = {}
    for teacher_seed in range(2):
        torch.manual_seed(teacher_seed)
        data = DistillationData(teacher=mlp(64))
        data.setup()
        results[teacher_seed] = [distill(data, width) for width in (4, 8)]
    assert all(len(v) == 2 for v in results.values())


if __name__ == "__main__":
    main()
