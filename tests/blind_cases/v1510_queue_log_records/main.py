"""Classifier training loop whose debug log goes through a queue-based shipper."""
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

from logship import setup_logging

log = logging.getLogger("jobs.classifier")


class MLP(nn.Module):
    def __init__(self, dim=12, hidden=24, classes=3):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, classes)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.fc2(self.drop(F.relu(self.fc1(x))))


def train_epoch(model, opt, batches, epoch, shipper):
    model.train()
    for step, (x, y) in enumerate(batches):
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.debug("epoch %d step %d loss=%s", epoch, step, loss)
        shipper.maybe_ship()
    return loss.item()


def main():
    shipper = setup_logging("jobs")
    torch.manual_seed(2)
    batches = [(torch.randn(16, 12), torch.randint(0, 3, (16,))) for _ in range(4)]
    model = MLP()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, nesterov=True, momentum=0.9)
    for epoch in range(3):
        last = train_epoch(model, opt, batches, epoch, shipper)
        log.info("epoch %d: last loss %.4f", epoch, last)


if __name__ == "__main__":
    main()
