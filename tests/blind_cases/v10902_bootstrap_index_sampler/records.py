"""Per-sample evaluation records; bootstrap replicates are drawn over row indices."""
import torch
from torch.utils.data import Dataset, RandomSampler


class EvalRecords(Dataset):
    def __init__(self, labels, preds, confidence, seed=0):
        self.labels = labels
        self.preds = preds
        self.confidence = confidence
        gen = torch.Generator().manual_seed(seed)
        self.resampler = RandomSampler(range(labels.numel()), replacement=True, generator=gen)

    def __len__(self):
        return self.labels.numel()

    def __getitem__(self, idx):
        return self.labels[idx], self.preds[idx], self.confidence[idx]

    def draw(self):
        return torch.tensor(list(self.resampler), dtype=torch.long)

    def subset(self, idx):
        return self.labels[idx], self.preds[idx], self.confidence[idx]

    @classmethod
    def collect(cls, model, batches, seed=0):
        labels, preds, conf = [], [], []
        with torch.no_grad():
            for x, y in batches:
                c, p = model(x).softmax(dim=-1).max(dim=-1)
                labels.append(y)
                preds.append(p)
                conf.append(c)
        return cls(torch.cat(labels), torch.cat(preds), torch.cat(conf), seed=seed)
