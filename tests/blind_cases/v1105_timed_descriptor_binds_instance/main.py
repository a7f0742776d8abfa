"""Sequence classifier trained for a few steps under several random seeds."""
import torch
import torch.nn as nn

from profiling import report, timed


class ConvClassifier(nn.Module):
    def __init__(self, vocab=50, dim=16, n_classes=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.conv = nn.Conv1d(dim, dim, kernel_size=3, padding=1)
        self.out = nn.Linear(dim, n_classes)

    @timed
    def encode(self, tokens):
        h = self.emb(tokens).transpose(1, 2)
        return torch.relu(self.conv(h)).amax(dim=2)

    @timed
    def forward(self, tokens):
        return self.out(self.encode(tokens))


def run(seed, steps=4):
    torch.manual_seed(seed)
    model = ConvClassifier()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for _ in range(steps):
        tokens = torch.randint(0, 50, (8, 20))
        labels = torch.randint(0, 3, (8,))
        loss = nn.functional.cross_entropy(model(tokens), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), report(model)


def main():
    for seed in range(3):
        final, timing = run(seed)
        print("seed %d loss %.3f | %s" % (seed, final, timing))


if __name__ == "__main__":
    main()
