"""Per-market title classifiers; each market gets its own character vocabulary."""
import random

import torch
import torch.nn as nn

from loaders import configure_presets, eval_loader, train_loader
from text import CharTokenizer, PadCollator

MARKETS = {
    "de": (["Kaffeemaschine", "Wasserkocher", "Laufschuhe", "Wanderjacke"], ["kitchen", "sport"]),
    "fr": (["cafetiere", "bouilloire", "chaussures de course", "veste"], ["kitchen", "sport"]),
}


def make_rows(words, n, seed):
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        i = rng.randrange(len(words))
        rows.append((f"{words[i]} {rng.randint(1, 99)}", int(i >= len(words) // 2)))
    return rows


class CharCNN(nn.Module):
    def __init__(self, vocab_size, n_classes):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, 16, padding_idx=0)
        self.conv = nn.Conv1d(16, 32, kernel_size=3, padding=1)
        self.head = nn.Linear(32, n_classes)

    def forward(self, x):
        h = torch.relu(self.conv(self.emb(x).transpose(1, 2)))
        return self.head(h.max(dim=2).values)


def run_market(name, words, labels, seed):
    rows = make_rows(words, 96, seed)
    tokenizer = CharTokenizer([t for t, _ in rows])
    configure_presets(collate_fn=PadCollator(tokenizer))
    model = CharCNN(len(tokenizer), len(labels))
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for _ in range(2):
        for x, y in train_loader(rows[:64]):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        x, y = next(iter(eval_loader(rows[64:])))
        acc = (model(x).argmax(1) == y).float().mean().item()
    print(f"{name}: acc={acc:.3f}")


def main():
    for seed, (name, (words, labels)) in enumerate(MARKETS.items()):
        run_market(name, words, labels, seed)


if __name__ == "__main__":
    main()
