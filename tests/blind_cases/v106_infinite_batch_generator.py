"""Step-based trainer that draws batches from an endless generator over the DataLoader."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class StepTrainer:
    def __init__(self, model, loader, max_steps, log_every=2):
        self.model = model
        self.loader = loader
        self.max_steps = max_steps
        self.log_every = log_every
        self.epoch = 0
        self.log = []
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.01)
        self.batches = self._endless_batches()  # cycle

    def _endless_batches(self):
        while True:
            for batch in self.loader:
                yield batch
            self.epoch += 1

    def train(self):
        self.model.train()
        for step in range(1, self.max_steps + 1):
            tokens, target = next(self.batches)
            loss = F.mse_loss(self.model(tokens).squeeze(-1), target)
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            self.optimizer.step()
            if step % self.log_every == 0:
                self.log.append((self.epoch, step, loss.item()))
        return self.log


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.out = nn.Linear(dim, 1)

    def forward(self, tokens):
        return self.out(self.emb(tokens))


def main():
    torch.manual_seed(4)
    tokens = torch.randint(0, 50, (40, 7))
    target = (tokens < 25).float().mean(1)
    loader = DataLoader(TensorDataset(tokens, target), batch_size=16, shuffle=True)
    for run in range(3):
        StepTrainer(BagOfEmbeddings(), loader, max_steps=5).train()


if __name__ == "__main__":
    main()
