"""Sequence-free toy task: classify feature vectors with an embed -> MoE -> head stack."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from moe import MoELayer

CFG = {"in_dim": 12, "d_model": 16, "hidden": 32, "num_experts": 4, "classes": 3,
       "capacity_factor": 0.75, "epochs": 2, "steps": 3, "batch": 48, "aux_coef": 0.01, "lr": 3e-3}


class Classifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Linear(cfg["in_dim"], cfg["d_model"])
        self.moe = MoELayer(cfg["d_model"], cfg["hidden"], cfg["num_experts"],
                            capacity_factor=cfg["capacity_factor"])
        self.head = nn.Linear(cfg["d_model"], cfg["classes"])

    def forward(self, x):
        h, aux = self.moe(self.embed(x))
        return self.head(h), aux


def main():
    torch.manual_seed(0)
    model = Classifier(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        total = 0.0
        for step in range(CFG["steps"]):
            x = torch.randn(CFG["batch"], CFG["in_dim"])
            y = (x[:, 0] > -0.5).long() + (x[:, 0] > 0.5).long()
            logits, aux = model(x)
            loss = F.cross_entropy(logits, y) + CFG["aux_coef"] * aux
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: loss {total / CFG['steps']:.4f}, dropped {model.moe.dropped_tokens}")


if __name__ == "__main__":
    main()
