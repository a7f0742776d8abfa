"""Bag-of-embeddings classifier trained on a few vocabulary sizes."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from datamodule import TextDataModule


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab_size, dim=16):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab_size, dim, mode="mean", padding_idx=0)
        self.out = nn.Linear(dim, 2)

    def forward(self, ids):
        return self.out(self.emb(ids))


def run(max_vocab):
    dm = TextDataModule(max_vocab=max_vocab)
    dm.setup()
    model = BagOfEmbeddings(max_vocab + 2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(2):
        for batch in dm.train_dataloader():
            loss = F.cross_entropy(model(batch["ids"]), batch["label"])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    losses = [run(v) for v in (20, 40, 60)]
    assert len(losses) == 3


if __name__ == "__main__":
    main()
