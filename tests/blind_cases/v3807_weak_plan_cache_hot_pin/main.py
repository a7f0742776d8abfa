"""K-fold training of a tiny conv net with cached shape-specialised evaluation plans."""
import torch
import torch.nn as nn

from plan_cache import plan_for

EVAL_SHAPES = [(4, 3, 8, 8), (2, 3, 8, 8)]


class TinyNet(nn.Sequential):
    def __init__(self):
        super().__init__(
            nn.Conv2d(3, 6, 3, padding=1), nn.BatchNorm2d(6), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(6, 2))


def evaluate(model, shapes):
    model.eval()
    correct = 0
    for shape in shapes:
        x = torch.randn(*shape)
        logits = plan_for(model, x)(x)
        correct += int((logits.argmax(-1) == 0).sum())
    return correct


def train_fold(fold):
    torch.manual_seed(fold)
    model = TinyNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(2):
        model.train()
        for _ in range(2):
            x, y = torch.randn(8, 3, 8, 8), torch.randint(0, 2, (8,))
            loss = nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        evaluate(model, EVAL_SHAPES)


def main():
    for fold in range(3):
        train_fold(fold)


if __name__ == "__main__":
    main()
