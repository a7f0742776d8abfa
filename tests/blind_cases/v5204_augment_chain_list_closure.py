"""Waveform augmentation chains assembled from per-dataset config lists."""
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class RandomCrop:
    def __init__(self, length):
        self.length = length

    def __call__(self, wav):
        start = random.randint(0, wav.shape[-1] - self.length)
        return wav[..., start:start + self.length]


class GainJitter:
    def __init__(self, low_db=-6.0, high_db=6.0):
        self.low_db, self.high_db = low_db, high_db

    def __call__(self, wav):
        return wav * 10 ** (random.uniform(self.low_db, self.high_db) / 20)


class AddNoise:
    def __init__(self, snr_db=20.0, p=0.5):
        self.snr_db, self.p = snr_db, p

    def __call__(self, wav):
        if random.random() > self.p:
            return wav
        scale = wav.pow(2).mean().sqrt() / 10 ** (self.snr_db / 20)
        return wav + scale * torch.randn_like(wav)


OPS = {"crop": RandomCrop, "gain": GainJitter, "noise": AddNoise}


def build_chain(specs):
    stages = []
    for i, spec in enumerate(specs):
        op = OPS[spec["op"]](**spec.get("kwargs", {}))

        def stage(wav, _i=i, _op=op):  # cycle
            wav = _op(wav)
            if _i + 1 < len(stages):
                return stages[_i + 1](wav)
            return wav

        stages.append(stage)  # cycle
    return stages[0] if stages else (lambda wav: wav)


class ClipDataset(Dataset):
    def __init__(self, n, length, n_classes, augment):
        self.wavs = torch.randn(n, 1, length)
        self.labels = torch.randint(0, n_classes, (n,))
        self.transform = build_chain(augment)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.transform(self.wavs[idx]), self.labels[idx]


DATASETS = {
    "speech": {"n": 48, "length": 400, "augment": [
        {"op": "crop", "kwargs": {"length": 320}}, {"op": "gain"},
        {"op": "noise", "kwargs": {"snr_db": 15.0}}]},
    "music": {"n": 48, "length": 360, "augment": [
        {"op": "crop", "kwargs": {"length": 320}}, {"op": "noise"}]},
}


def main():
    n_classes = 3
    for name, cfg in DATASETS.items():
        ds = ClipDataset(cfg["n"], cfg["length"], n_classes, cfg["augment"])
        loader = DataLoader(ds, batch_size=8, shuffle=True)
        model = nn.Sequential(nn.Conv1d(1, 8, 9, stride=4), nn.ReLU(),
                              nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(8, n_classes))
        opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
        for epoch in range(2):
            for wav, y in loader:
                loss = nn.functional.cross_entropy(model(wav), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
        print(name, f"{loss.item():.3f}")


if __name__ == "__main__":
    main()
