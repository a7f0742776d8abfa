"""Per-sample evaluation records used for bootstrap confidence intervals."""
import torch
from torch.utils.data import Dataset, RandomSampler


class PerSampleScores(Dataset):
    """Holds one row per validation sample: label, prediction and confidence."""

    def __init__(self, labels, preds, confidence, seed=0):
        self.labels = labels
        self.preds = preds
        self.confidence = confidence
        self.correct = (preds == labels).float()
        gen = torch.Generator().manual_seed(seed)
        self.resampler = RandomSampler(self, replacement=True, generator=gen)  # cycle

    def __len__(self):
        return self.labels.numel()

    def __getitem__(self, idx):
        return self.labels[idx], self.preds[idx], self.confidence[idx]

    def draw(self):
        """One bootstrap replicate: indices sampled with replacement."""
        return torch.tensor(list(self.resampler), dtype=torch.long)

    @classmethod
    def from_batches(cls, outputs, seed=0):
        labels = torch.cat([o["labels"] for o in outputs])
        logits = torch.cat([o["logits"] for o in outputs])
        probs = logits.softmax(dim=-1)
        confidence, preds = probs.max(dim=-1)
        return cls(labels, preds, confidence, seed=seed)
