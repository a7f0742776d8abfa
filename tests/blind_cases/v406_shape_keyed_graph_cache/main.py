"""Small conv net trained at one size and evaluated at several input resolutions."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from posenc import LearnedPosBias


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.pos = LearnedPosBias(8)
        self.head = nn.Linear(8, 5)

    def forward(self, x):
        f = self.pos(F.relu(self.stem(x)))
        return self.head(f.mean(dim=(2, 3)))


def evaluate(model, sizes):
    model.eval()
    accs = []
    for s in sizes:
        x = torch.randn(4, 3, s, s)
        y = torch.randint(0, 5, (4,))
        accs.append((model(x).argmax(-1) == y).float().mean().item())
    return sum(accs) / len(accs)


def main():
    torch.manual_seed(0)
    model = ConvNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(2):
        model.train()
        for _ in range(3):
            x = torch.randn(8, 3, 12, 12)
            y = torch.randint(0, 5, (8,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: multi-res acc {evaluate(model, sizes=(12, 16, 20)):.2f}")


if __name__ == "__main__":
    main()
