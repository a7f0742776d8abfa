"""Block-sparsity sweep with torch.ao.sparsity; the winning trial is squashed and exported."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.ao.sparsity import CubicSL, WeightNormSparsifier

SWEEP = {"levels": (0.5, 0.75), "block": (1, 4), "steps": 6, "prune_every": 2}


class Mlp(nn.Module):
    def __init__(self, dim=32, hidden=64, classes=4):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.classifier = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.classifier(F.relu(self.fc2(F.relu(self.fc1(x)))))


def sparse_config(model):
    return [{"tensor_fqn": f"{name}.weight"} for name, m in model.named_modules()
            if isinstance(m, nn.Linear) and name != "classifier"]


@torch.no_grad()
def accuracy(model, x, y):
    return (model(x).argmax(1) == y).float().mean().item()


def run_trial(level, data):
    x, y, vx, vy = data
    model = Mlp()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sparsifier = WeightNormSparsifier(sparsity_level=level, sparse_block_shape=SWEEP["block"],
                                      zeros_per_block=SWEEP["block"][1])
    sparsifier.prepare(model, config=sparse_config(model))  # cycle
    schedule = CubicSL(sparsifier, init_t=0, delta_t=1, total_t=SWEEP["steps"] // SWEEP["prune_every"])
    for step in range(SWEEP["steps"]):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if (step + 1) % SWEEP["prune_every"] == 0:
            sparsifier.step()
            schedule.step()
    return {"level": level, "acc": accuracy(model, vx, vy), "model": model, "sparsifier": sparsifier}


def export(trial):
    trial["sparsifier"].squash_mask()
    state = {k: v.clone() for k, v in trial["model"].state_dict().items()}
    zeros = sum(int((v == 0).sum()) for k, v in state.items() if k.endswith("weight"))
    return {"level": trial["level"], "acc": trial["acc"], "zeros": zeros}


def main():
    torch.manual_seed(0)
    data = (torch.randn(64, 32), torch.randint(0, 4, (64,)), torch.randn(32, 32), torch.randint(0, 4, (32,)))
    best = None
    for level in SWEEP["levels"]:
        trial = run_trial(level, data)
        if best is None or trial["acc"] >= best["acc"]:
            best = trial
    return export(best)


if __name__ == "__main__":
    main()
