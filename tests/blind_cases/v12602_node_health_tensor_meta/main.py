"""Classifier with an entropy regularizer that is checked node by node every step."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from health import HealthInterpreter, shape_table, unhealthy_nodes
from regularizers import REGULARIZERS

CFG = {"reg": "confidence", "beta": 0.1, "in_dim": 10, "classes": 5,
       "epochs": 2, "steps": 4, "batch": 12, "lr": 0.03}


class Classifier(nn.Module):
    def __init__(self, in_dim, classes):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, 24), nn.SiLU(), nn.LayerNorm(24))
        self.head = nn.Linear(24, classes)

    def forward(self, x):
        return self.head(self.body(x))


def run(cfg):
    torch.manual_seed(0)
    model = Classifier(cfg["in_dim"], cfg["classes"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    reg_gm = REGULARIZERS[cfg["reg"]]
    for epoch in range(cfg["epochs"]):
        skipped = 0
        for step in range(cfg["steps"]):
            x = torch.randn(cfg["batch"], cfg["in_dim"])
            y = torch.randint(0, cfg["classes"], (cfg["batch"],))
            logits = model(x)
            penalty = HealthInterpreter(reg_gm).run(logits)
            bad = unhealthy_nodes(reg_gm)
            if bad:
                skipped += 1
                print("skipping step, non-finite at", bad)
                continue
            loss = F.cross_entropy(logits, y) + cfg["beta"] * penalty
            opt.zero_grad()
            loss.backward()
            opt.step()
        if epoch == 0:
            print(shape_table(reg_gm))
        print(f"epoch {epoch}: skipped {skipped}, last loss {loss.item():.4f}")


def main():
    run(CFG)


if __name__ == "__main__":
    main()
