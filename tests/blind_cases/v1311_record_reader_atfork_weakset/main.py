"""Serialize a synthetic split into record blobs and train a classifier from them, once per epoch."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from records import RecordDataset, write_records

N_FEATURES = 10


def synth(n, seed):
    gen = torch.Generator().manual_seed(seed)
    samples = []
    for _ in range(n):
        x = torch.randn(N_FEATURES, generator=gen)
        samples.append((x, int(x[0] + x[1] > 0)))
    return samples


def main():
    train_blob = write_records(synth(64, 0))
    val_blob = write_records(synth(32, 1))
    model = nn.Sequential(nn.Linear(N_FEATURES, 16), nn.ReLU(), nn.Linear(16, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    accs = []
    for epoch in range(2):
        train = DataLoader(RecordDataset(train_blob, N_FEATURES), batch_size=16, shuffle=True)
        for x, y in train:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        val = DataLoader(RecordDataset(val_blob, N_FEATURES), batch_size=32)
        with torch.no_grad():
            hits = sum((model(x).argmax(1) == y).sum().item() for x, y in val)
        accs.append(hits / 32)
    return accs


if __name__ == "__main__":
    main()
