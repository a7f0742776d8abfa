"""Text classifier fine-tuning on a noisy corpus with per-epoch skip reports."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from data import SkippingTextDataset
from tokenization import StrictTokenizer

WORDS = ["the", "model", "loss", "went", "down", "up", "fast", "slow", "gpu", "cpu"]


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab_size, dim=32, n_classes=2):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab_size, dim, mode="mean")
        self.head = nn.Linear(dim, n_classes)

    def forward(self, ids):
        return self.head(self.emb(ids))


def make_rows(n, seed):
    g = torch.Generator().manual_seed(seed)
    rows = []
    for i in range(n):
        idx = torch.randint(0, len(WORDS), (6,), generator=g).tolist()
        text = " ".join(WORDS[j] for j in idx)
        if i % 5 == 3:
            text += " teh"  # typo from a bad scrape
        rows.append((text, i % 2))
    return rows


def run_epoch(model, opt, dataset, batch_size=4):
    total, n = 0.0, 0
    for ids, labels in dataset.batches(batch_size):
        loss = F.cross_entropy(model(ids), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
        n += 1
    return total / max(n, 1)


def main():
    vocab = {w: i + 1 for i, w in enumerate(WORDS)}
    tok = StrictTokenizer(vocab)
    model = BagOfEmbeddings(len(vocab) + 1)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(2):
        ds = SkippingTextDataset(make_rows(20, seed=epoch), tok)
        avg = run_epoch(model, opt, ds)
        print(f"epoch {epoch}: loss {avg:.3f}, skipped {len(ds.skipped)}")


if __name__ == "__main__":
    main()
