"""Fine-tunes one small model per data shard with an effective batch of 4 micro-batches."""
import torch
import torch.nn as nn

from accumulation import GradAccumulator

SHARDS = 2
MICRO_BATCHES = 10
ACCUM_STEPS = 4


class MLP(nn.Module):
    def __init__(self, d_in=10, d_hidden=32, d_out=3):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def shard_loader(shard, bs=8):
    g = torch.Generator().manual_seed(shard)
    for _ in range(MICRO_BATCHES):
        x = torch.randn(bs, 10, generator=g)
        yield x, (x[:, :3]).argmax(-1)


def finetune(shard):
    model = MLP()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    accum = GradAccumulator(opt, steps=ACCUM_STEPS)
    running = 0.0
    for x, y in shard_loader(shard):
        loss = nn.functional.cross_entropy(model(x), y)
        accum.backward(loss)
        running += loss.item()
    return running / MICRO_BATCHES, accum.updates


def main():
    torch.manual_seed(0)
    for shard in range(SHARDS):
        loss, updates = finetune(shard)
        print(f"shard {shard}: mean loss {loss:.4f} after {updates} updates")


if __name__ == "__main__":
    main()
