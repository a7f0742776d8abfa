"""Training loop that adds the collected balance losses to the task loss."""
import torch
import torch.nn.functional as F

from aux import AuxLossCollector
from model import Encoder, SwitchFFN

CFG = {"d_model": 16, "hidden": 32, "num_experts": 4, "capacity_factor": 1.25, "layers": 2,
       "aux_coef": 0.01, "epochs": 2, "steps": 3, "lr": 2e-3}


def batches(n, size=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n):
        x = torch.randn(size, 12, generator=g)
        out.append((x, (x[:, 0] * x[:, 1] > 0).long()))
    return out


def evaluate(model, collector, data):
    model.eval()
    correct, aux_total = 0, 0.0
    with collector, torch.no_grad():
        for x, y in data:
            correct += (model(x).argmax(-1) == y).sum().item()
            aux_total += collector.pop().item()
    model.train()
    return correct / sum(len(y) for _, y in data), aux_total / len(data)


def main():
    torch.manual_seed(0)
    model = Encoder(12, 2, CFG)
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    collector = AuxLossCollector([SwitchFFN], CFG["aux_coef"])
    train_data, val_data = batches(CFG["steps"]), batches(2, seed=1)
    with collector:
        for epoch in range(CFG["epochs"]):
            for x, y in train_data:
                loss = F.cross_entropy(model(x), y) + collector.pop()
                opt.zero_grad()
                loss.backward()
                opt.step()
            acc, aux = evaluate(model, collector, val_data)
            print(f"epoch {epoch} loss {loss.item():.4f} val_acc {acc:.3f} val_aux {aux:.4f}")


if __name__ == "__main__":
    main()
