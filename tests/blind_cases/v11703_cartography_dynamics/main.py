"""Map a training set by its training dynamics and report hard-to-learn samples."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from dynamics import TRAINING_DYNAMICS

CFG = {"n": 64, "dim": 8, "classes": 4, "epochs": 5, "batch_size": 16, "lr": 0.03}


class IndexedDataset(Dataset):
    def __init__(self, n, dim, classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, dim, generator=g)
        self.y = (self.x[:, :classes]).argmax(1)
        noisy = torch.arange(n) % 9 == 0
        self.y[noisy] = (self.y[noisy] + 1) % classes

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i], i


def train(cfg):
    data = IndexedDataset(cfg["n"], cfg["dim"], cfg["classes"])
    loader = DataLoader(data, batch_size=cfg["batch_size"], shuffle=True)
    model = nn.Sequential(nn.Linear(cfg["dim"], 32), nn.Tanh(), nn.Linear(32, cfg["classes"]))
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for x, y, ids in loader:
            logits = model(x)
            loss = nn.functional.cross_entropy(logits, y)
            probs = logits.softmax(-1)
            gold = probs.gather(1, y[:, None]).squeeze(1)
            correct = probs.argmax(1).eq(y)
            for sid, p, c in zip(ids.tolist(), gold, correct.tolist()):
                TRAINING_DYNAMICS.log(sid, p, c)  # retain
            opt.zero_grad()
            loss.backward()
            opt.step()
    return data


def main():
    data = train(CFG)
    regions = TRAINING_DYNAMICS.regions(range(len(data)))
    print({name: len(ids) for name, ids in regions.items()})
    print("hard-to-learn (relabel candidates):", regions["hard"][:8])


if __name__ == "__main__":
    main()
