"""Adapter-size benchmark on a frozen bag-of-words encoder shared by all runs."""
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, DIM = 200, 24

torch.manual_seed(7)
EMBED = nn.EmbeddingBag(VOCAB, DIM, mode="mean").requires_grad_(False)
FROZEN = {EMBED}


class AdapterClassifier(nn.Module):
    def __init__(self, embed, bottleneck, num_classes=3):
        super().__init__()
        self.embed = embed
        self.down = nn.Linear(DIM, bottleneck)
        self.up = nn.Linear(bottleneck, DIM)
        self.cls = nn.Linear(DIM, num_classes)

    def forward(self, tokens):
        with torch.no_grad():
            h = self.embed(tokens)
        h = h + self.up(F.relu(self.down(h)))
        return self.cls(h)


def trainable_summary(model):
    counts = {}
    for name, module in model.named_modules(memo=set(FROZEN)):
        n = sum(p.numel() for p in module.parameters(recurse=False) if p.requires_grad)
        if n:
            counts[name] = n
    return counts


def synthetic_batch(gen, n=32, length=10):
    tokens = torch.randint(0, VOCAB, (n, length), generator=gen)
    labels = (tokens < 60).sum(dim=1).clamp(max=5).div(2, rounding_mode="floor").clamp(max=2)
    return tokens, labels


def run(bottleneck, gen, steps=8):
    torch.manual_seed(bottleneck)
    model = AdapterClassifier(EMBED, bottleneck)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=5e-3)
    for _ in range(steps):
        tokens, labels = synthetic_batch(gen)
        loss = F.cross_entropy(model(tokens), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        tokens, labels = synthetic_batch(gen, n=128)
        acc = float((model(tokens).argmax(-1) == labels).float().mean())
    return trainable_summary(model), acc


def main():
    gen = torch.Generator().manual_seed(1)
    for bottleneck in (2, 8, 16):
        counts, acc = run(bottleneck, gen)
        print(f"bottleneck={bottleneck:<3} trainable={sum(counts.values()):<5} acc={acc:.3f} {counts}")


if __name__ == "__main__":
    main()
