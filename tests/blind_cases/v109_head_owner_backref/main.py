"""Tiny sequence classifier fine-tuned for a few steps under several pooling configs."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from heads import PoolerHead


class SequenceClassifier(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(config["vocab"], config["dim"])
        self.mixer = nn.GRU(config["dim"], config["dim"], batch_first=True)
        self.norm = nn.LayerNorm(config["dim"])
        self.head = PoolerHead(config["dim"], config["n_classes"])  # cycle
        self.head.set_owner(self)

    def forward(self, ids):
        hidden, _ = self.mixer(self.embed(ids))
        return self.head(self.norm(hidden))


def finetune(config, steps=3):
    model = SequenceClassifier(config)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    for _ in range(steps):
        ids = torch.randint(0, config["vocab"], (8, 10))
        labels = (ids[:, 0] % config["n_classes"])
        loss = F.cross_entropy(model(ids), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(7)
    base = {"vocab": 30, "dim": 16, "n_classes": 3, "head_dropout": 0.1}
    for pooling in ("mean", "cls", "mean"):
        finetune(dict(base, pooling=pooling))


if __name__ == "__main__":
    main()
