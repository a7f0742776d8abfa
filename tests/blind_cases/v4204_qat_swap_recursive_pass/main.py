"""Bit-width sweep: pretrain a small CNN in float, then fine-tune it with fake quantization."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from qat import prepare_qat


class SmallCNN(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Sequential(nn.Flatten(), nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, num_classes))

    def forward(self, x):
        return self.classifier(self.features(x))


def fit(model, steps, lr):
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=lr, momentum=0.9)
    for _ in range(steps):
        x, y = torch.randn(16, 1, 12, 12), torch.randint(0, 10, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def run(bits):
    torch.manual_seed(bits)
    model = SmallCNN()
    float_loss = fit(model, steps=3, lr=0.05)
    model = prepare_qat(model, bits=bits, skip=("classifier.3",))
    qat_loss = fit(model, steps=3, lr=0.01)
    return float_loss, qat_loss


def main():
    for bits in (8, 6, 4):
        f, q = run(bits)
        print(f"{bits}-bit: float={f:.3f} qat={q:.3f}")


if __name__ == "__main__":
    main()
