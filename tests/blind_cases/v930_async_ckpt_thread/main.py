"""Short fine-tuning jobs, each checkpointing asynchronously every few steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from ckpt_writer import AsyncCheckpointWriter


class ConvClassifier(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(3, 16, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(8))
        self.head = nn.Linear(16 * 8, n_classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def finetune(job_id, steps=6, ckpt_every=3):
    torch.manual_seed(job_id)
    model = ConvClassifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    writer = AsyncCheckpointWriter(model, opt)
    for step in range(1, steps + 1):
        x = torch.randn(8, 3, 64)
        y = torch.randint(0, 4, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % ckpt_every == 0:
            writer.request(step)
    writer.wait()
    return sorted(writer.saved), loss.item()


def main():
    for job in range(2):
        steps, final = finetune(job)
        print(f"job {job}: checkpoints at {steps}, final loss {final:.3f}")


if __name__ == "__main__":
    main()
