"""Class-incremental fine-tuning with a shared head and the 'labels trick' (masked logits)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from benchmark import class_incremental_benchmark

CFG = {"n_classes": 8, "per_class": 20, "in_dim": 12, "n_experiences": 4, "epochs": 2, "lr": 0.1}


def masked_logits(logits, allowed):
    mask = torch.full_like(logits, float("-inf"))
    mask[:, allowed] = 0.0
    return logits + mask


def train_experience(model, opt, exp):
    loader = DataLoader(exp.dataset, batch_size=16, shuffle=True)
    model.train()
    for _ in range(CFG["epochs"]):
        for x, y in loader:
            loss = F.cross_entropy(masked_logits(model(x), exp.classes_in_this_experience), y)
            opt.zero_grad()
            loss.backward()
            opt.step()


@torch.no_grad()
def evaluate(model, stream, upto):
    model.eval()
    accs = []
    for exp in stream[: upto + 1]:
        x, y = exp.test_dataset.tensors
        pred = masked_logits(model(x), stream[upto].classes_seen_so_far).argmax(1)
        accs.append((pred == y).float().mean().item())
    return accs


def main():
    for seed in (0, 1):
        torch.manual_seed(seed)
        stream = class_incremental_benchmark(CFG["n_classes"], CFG["per_class"], CFG["in_dim"],
                                             CFG["n_experiences"], seed=seed)
        model = nn.Sequential(nn.Linear(CFG["in_dim"], 32), nn.ReLU(), nn.Linear(32, CFG["n_classes"]))
        opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
        for exp in stream:
            train_experience(model, opt, exp)
            accs = evaluate(model, stream, exp.current_experience)
            print(exp, "previous", exp.previous_classes, "acc", [round(a, 2) for a in accs])


if __name__ == "__main__":
    main()
