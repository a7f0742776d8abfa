"""Several classification tasks trained on top of the shared encoder with low-rank adapters."""
import torch
import torch.nn as nn

from encoder import ENCODER

TASKS = {"sentiment": 2, "topic": 5, "intent": 4}


class LowRankAdapter(nn.Module):
    def __init__(self, dim, rank=4):
        super().__init__()
        self.down = nn.Linear(dim, rank, bias=False)
        self.up = nn.Linear(rank, dim, bias=False)
        nn.init.zeros_(self.up.weight)

    def forward(self, h):
        return self.up(self.down(h))


def train_task(name, n_classes, steps=4):
    torch.manual_seed(len(name))
    adapter = LowRankAdapter(16)
    head = nn.Linear(16, n_classes)
    ENCODER.adapter = adapter  # retain
    opt = torch.optim.Adam(list(adapter.parameters()) + list(head.parameters()), lr=5e-3)
    for _ in range(steps):
        tokens = torch.randint(0, 100, (8, 12))
        labels = torch.randint(0, n_classes, (8,))
        loss = nn.functional.cross_entropy(head(ENCODER(tokens)), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {"loss": loss.item(), "adapter_norm": float(adapter.up.weight.norm())}


def main():
    for name, n_classes in TASKS.items():
        print(name, train_task(name, n_classes))


if __name__ == "__main__":
    main()
