"""Three seeds of a small CNN trained with batch-level Mixup/CutMix from the collate function."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from collate import MixCollator
from data import StripeTextures

CFG = {"samples": 32, "epochs": 2, "batch_size": 8, "lr": 0.05,
       "mix": {"mixup_alpha": 0.4, "cutmix_alpha": 1.0, "switch_prob": 0.5, "warmup_epochs": 1}}


def make_loader(dataset, seed):
    collator = MixCollator(dataset.num_classes, seed=seed, **CFG["mix"])
    loader = DataLoader(dataset, batch_size=CFG["batch_size"], shuffle=True, collate_fn=collator)
    collator.attach(loader)
    return loader, collator


def train(seed):
    torch.manual_seed(seed)
    dataset = StripeTextures(CFG["samples"], seed=seed)
    loader, collator = make_loader(dataset, seed)
    model = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2),
                          nn.Flatten(), nn.Linear(32, dataset.num_classes))
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9, nesterov=True)
    for epoch in range(CFG["epochs"]):
        collator.set_epoch(epoch)
        for x, y in loader:
            loss = -(y * F.log_softmax(model(x), dim=1)).sum(dim=1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    print("final losses", [round(train(seed), 3) for seed in range(3)])


if __name__ == "__main__":
    main()
