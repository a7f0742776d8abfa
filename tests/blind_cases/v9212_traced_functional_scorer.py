"""Click-through scorer exported as a traced function that takes its weights as inputs.

The edge runtime hot-swaps weight files without reloading the program, so the
exported graph receives every parameter as an explicit argument.
"""
import os
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"features": 14, "hidden": 24, "epochs": 3, "steps": 5, "batch": 32}


class CtrModel(nn.Module):
    def __init__(self, features, hidden):
        super().__init__()
        self.fc1 = nn.Linear(features, hidden)
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x):
        return score(x, self.fc1.weight, self.fc1.bias, self.fc2.weight, self.fc2.bias)


def score(x, w1, b1, w2, b2):
    h = F.relu(F.linear(x, w1, b1))
    return torch.sigmoid(F.linear(h, w2, b2)).squeeze(-1)


def weights_of(model):
    return [model.fc1.weight.detach(), model.fc1.bias.detach(), model.fc2.weight.detach(), model.fc2.bias.detach()]


def export_program(model, example, path):
    weights = weights_of(model)
    with torch.no_grad():
        traced = torch.jit.trace(score, (example, *weights))
        reference = model(example)
        exported = traced(example, *weights)
    traced.save(path)
    torch.save({"w%d" % i: w.clone() for i, w in enumerate(weights)}, path + ".weights")
    return float((reference - exported).abs().max()), os.path.getsize(path)


def synthetic_clicks(gen, cfg):
    x = torch.randn(cfg["batch"], cfg["features"], generator=gen)
    y = (x[:, :3].sum(dim=-1) + 0.3 * torch.randn(cfg["batch"], generator=gen) > 0).float()
    return x, y


def main():
    gen = torch.Generator().manual_seed(21)
    model = CtrModel(CFG["features"], CFG["hidden"])
    opt = torch.optim.Adagrad(model.parameters(), lr=0.05)
    example = torch.randn(4, CFG["features"], generator=gen)
    with tempfile.TemporaryDirectory() as out_dir:
        for epoch in range(CFG["epochs"]):
            for _ in range(CFG["steps"]):
                x, y = synthetic_clicks(gen, CFG)
                loss = F.binary_cross_entropy(model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
            diff, size = export_program(model, example, os.path.join(out_dir, "ctr_e%d.pt" % epoch))
            print("epoch %d bce %.3f export diff %.1e program %d bytes" % (epoch, loss.item(), diff, size))


if __name__ == "__main__":
    main()
