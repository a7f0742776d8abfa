"""Top-2 MoE classifier whose experts run on emulated expert-parallel ranks.
Training stops at max_steps, which may come before the last epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from ep_group import ExpertParallelGroup

CONFIG = {"d_in": 10, "d_model": 16, "num_experts": 4, "world_size": 2, "k": 2,
          "num_classes": 3, "epochs": 3, "steps_per_epoch": 3, "max_steps": 5, "lr": 5e-3}


class EPMoE(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Linear(cfg["d_in"], cfg["d_model"])
        self.router = nn.Linear(cfg["d_model"], cfg["num_experts"], bias=False)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(cfg["d_model"], 32), nn.SiLU(), nn.Linear(32, cfg["d_model"]))
            for _ in range(cfg["num_experts"]))
        self.head = nn.Linear(cfg["d_model"], cfg["num_classes"])
        self.k = cfg["k"]
        self.group = None

    def forward(self, x):
        h = torch.relu(self.inp(x))
        top_p, top_i = F.softmax(self.router(h), dim=-1).topk(self.k, dim=-1)
        routes = {e: (top_i == e).nonzero(as_tuple=True) for e in range(len(self.experts))}
        outputs = self.group.all_to_all({e: h[rows] for e, (rows, _) in routes.items() if rows.numel()})
        mixed = torch.zeros_like(h)
        for e, out in outputs.items():
            rows, slot = routes[e]
            mixed = mixed.index_add(0, rows, out * top_p[rows, slot, None])
        return self.head(h + mixed)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = EPMoE(cfg)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.step = 0

    def fit(self):
        cfg = self.cfg
        self.model.group = ExpertParallelGroup(list(self.model.experts), cfg["world_size"])
        try:
            for epoch in range(cfg["epochs"]):
                for _ in range(cfg["steps_per_epoch"]):
                    x = torch.randn(24, cfg["d_in"])
                    y = (x[:, 0] > 0).long() + (x[:, 1] > 1).long()
                    loss = F.cross_entropy(self.model(x), y)
                    self.opt.zero_grad()
                    loss.backward()
                    self.opt.step()
                    self.step += 1
                    if self.step >= cfg["max_steps"]:
                        return loss.item()
            return loss.item()
        finally:
            self.model.group.shutdown()


def main():
    torch.manual_seed(0)
    final = Trainer(CONFIG).fit()
    print(f"final loss {final:.3f}")


if __name__ == "__main__":
    main()
