"""Curriculum training of a bag-of-embeddings classifier, one trainer per random restart."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from data import SortedLengthTask, pad_collate
from sampling import CompetenceSampler

DEFAULTS = {"lr": 3e-3, "batch_size": 16, "warmup_epochs": 3, "epochs": 3, "vocab": 32}


class BagClassifier(nn.Module):
    def __init__(self, vocab, dim=24):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean", padding_idx=0)
        self.head = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, 2))

    def forward(self, tokens):
        return self.head(self.embed(tokens))


class CurriculumTrainer:
    def __init__(self, model, dataset, **overrides):
        self.cfg = {**DEFAULTS, **overrides}
        self.model = model
        self.epoch = 0
        self.history = []
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=self.cfg["lr"])
        sampler = CompetenceSampler(dataset.difficulty, lambda: self.epoch / self.cfg["warmup_epochs"])  # cycle
        self.loader = DataLoader(dataset, batch_size=self.cfg["batch_size"], sampler=sampler, collate_fn=pad_collate)  # cycle

    @property
    def visible_fraction(self):
        sampler = self.loader.sampler
        return sampler.visible() / len(sampler)

    def train_epoch(self):
        self.model.train()
        total, seen = 0.0, 0
        for tokens, labels in self.loader:
            loss = nn.functional.cross_entropy(self.model(tokens), labels)
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            self.optimizer.step()
            total += loss.item() * len(labels)
            seen += len(labels)
        return total / max(seen, 1)

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            self.epoch = epoch
            loss = self.train_epoch()
            self.history.append({"epoch": self.epoch, "loss": loss, "visible": self.visible_fraction})
        return self.history[-1]


def main():
    dataset = SortedLengthTask(vocab=DEFAULTS["vocab"])
    results = []
    for restart in range(2):
        torch.manual_seed(restart)
        trainer = CurriculumTrainer(BagClassifier(DEFAULTS["vocab"]), dataset, lr=3e-3 * (restart + 1))
        results.append(trainer.fit())
    assert all(r["visible"] > 0 for r in results)


if __name__ == "__main__":
    main()
