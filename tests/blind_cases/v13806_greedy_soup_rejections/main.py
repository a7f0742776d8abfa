"""Fine-tune a small classifier with a hyper-parameter grid and combine the runs into greedy soups."""
import functools
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

from soup import GreedySoup

GRID = {"lr": (0.05, 0.2), "weight_decay": (0.0, 1e-2), "label_smoothing": (0.0, 0.1)}


def make_model():
    return nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 4))


def split(seed, n):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 12, generator=g)
    return x, (x[:, :4] + 0.3 * x[:, 4:8]).argmax(1)


def finetune(pretrained_sd, hp, steps=5):
    model = make_model()
    model.load_state_dict(pretrained_sd)
    opt = torch.optim.SGD(model.parameters(), lr=hp["lr"], weight_decay=hp["weight_decay"])
    for step in range(steps):
        x, y = split(100 + step, 32)
        loss = F.cross_entropy(model(x), y, label_smoothing=hp["label_smoothing"])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def accuracy(state_dict, data):
    model = make_model()
    model.load_state_dict(state_dict)
    with torch.no_grad():
        return (model(data[0]).argmax(1) == data[1]).float().mean().item()


def main():
    val, test = split(1, 256), split(2, 256)
    for run in range(2):
        torch.manual_seed(run)
        pretrained_sd = make_model().state_dict()
        ingredients = []
        for values in itertools.product(*GRID.values()):
            hp = dict(zip(GRID, values))
            sd = finetune(pretrained_sd, hp)
            ingredients.append((f"lr{hp['lr']}-wd{hp['weight_decay']}-ls{hp['label_smoothing']}", sd, accuracy(sd, val)))
        soup = GreedySoup(functools.partial(accuracy, data=val))
        soup_sd = soup.build(ingredients)
        print(f"run {run}: {soup.summary()} -> test acc {accuracy(soup_sd, test):.3f}")


if __name__ == "__main__":
    main()
