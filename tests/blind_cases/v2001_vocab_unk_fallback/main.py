"""Bag-of-words topic classifier trained with k-fold cross-validation on a toy corpus."""
import random
import re

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from vocab import Vocab

_TOKEN_RE = re.compile(r"[a-z']+")
TOPICS = {
    0: "goal match striker keeper league season coach pitch transfer derby".split(),
    1: "tensor gradient kernel compiler cache thread memory buffer driver batch".split(),
}
CONFIG = {"folds": 3, "epochs": 2, "batch_size": 8, "embed_dim": 16, "lr": 0.5, "min_freq": 2}


def tokenize(text):
    return _TOKEN_RE.findall(text.lower())


def make_corpus(n, seed=0):
    rng = random.Random(seed)
    corpus = []
    for _ in range(n):
        label = rng.randint(0, 1)
        words = rng.choices(TOPICS[label], k=rng.randint(4, 9)) + rng.choices(TOPICS[1 - label], k=2)
        corpus.append((" ".join(words), label))
    return corpus


class EncodedTexts(Dataset):
    def __init__(self, pairs, vocab):
        self.items = [(torch.tensor(vocab.lookup_indices(tokenize(t))), y) for t, y in pairs]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        return self.items[idx]


def collate_bag(batch):
    lengths = torch.tensor([len(ids) for ids, _ in batch])
    offsets = torch.cat([torch.zeros(1, dtype=torch.long), lengths.cumsum(0)[:-1]])
    return torch.cat([ids for ids, _ in batch]), offsets, torch.tensor([y for _, y in batch])


class BagClassifier(nn.Module):
    def __init__(self, vocab_size, dim, n_classes=2):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, dim, mode="mean")
        self.head = nn.Linear(dim, n_classes)

    def forward(self, ids, offsets):
        return self.head(self.embed(ids, offsets))


def run_fold(train_pairs, val_pairs, cfg):
    vocab = Vocab.from_texts((t for t, _ in train_pairs), tokenize, min_freq=cfg["min_freq"])
    train_dl = DataLoader(EncodedTexts(train_pairs, vocab), batch_size=cfg["batch_size"],
                          shuffle=True, collate_fn=collate_bag)
    val_dl = DataLoader(EncodedTexts(val_pairs, vocab), batch_size=cfg["batch_size"], collate_fn=collate_bag)
    model = BagClassifier(len(vocab), cfg["embed_dim"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["epochs"]):
        model.train()
        for ids, offsets, y in train_dl:
            loss = nn.functional.cross_entropy(model(ids, offsets), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for ids, offsets, y in val_dl:
            correct += int((model(ids, offsets).argmax(1) == y).sum())
            total += len(y)
    return correct / max(total, 1), len(vocab)


def main():
    corpus = make_corpus(60)
    k = CONFIG["folds"]
    scores = []
    for fold in range(k):
        val = corpus[fold::k]
        train = [p for i, p in enumerate(corpus) if i % k != fold]
        acc, vocab_size = run_fold(train, val, CONFIG)
        scores.append(acc)
    print("fold accuracies", [round(s, 3) for s in scores])


if __name__ == "__main__":
    main()
