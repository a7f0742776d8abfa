"""Classifier training fed by a threaded prefetcher, one prefetcher per epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from prefetch import ThreadedPrefetcher, synthetic_batch


class Trainer:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, nesterov=True)
        self.seen = 0

    def run_epoch(self, n_batches):
        correct = 0
        with ThreadedPrefetcher(synthetic_batch, n_batches) as batches:
            for x, y in batches:
                logits = self.model(x)
                loss = F.cross_entropy(logits, y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                correct += (logits.argmax(1) == y).sum().item()
                self.seen += x.shape[0]
        return correct / (n_batches * 16)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 2))
    trainer = Trainer(model)
    for epoch in range(3):
        acc = trainer.run_epoch(n_batches=5)
        print(f"epoch {epoch}: train acc {acc:.2f} ({trainer.seen} samples)")


if __name__ == "__main__":
    main()
