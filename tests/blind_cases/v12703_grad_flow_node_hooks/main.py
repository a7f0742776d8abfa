"""Small residual classifier trained with the gradient-flow tracer enabled."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from gradflow import GradFlowTracer

CONFIG = {"in_dim": 16, "width": 32, "depth": 3, "classes": 4, "steps": 6, "batch": 32, "trace_every": 2}


class ResidualMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stem = nn.Linear(cfg["in_dim"], cfg["width"])
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(cfg["width"]), nn.Linear(cfg["width"], cfg["width"]), nn.SiLU())
            for _ in range(cfg["depth"])
        )
        self.head = nn.Linear(cfg["width"], cfg["classes"])

    def forward(self, x):
        h = self.stem(x)
        for block in self.blocks:
            h = h + block(h)
        return self.head(h)


def main():
    cfg = CONFIG
    torch.manual_seed(0)
    model = ResidualMLP(cfg)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    tracer = GradFlowTracer(every=cfg["trace_every"])
    for step in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["in_dim"])
        y = torch.randint(0, cfg["classes"], (cfg["batch"],))
        loss = F.cross_entropy(model(x), y)
        tracer.maybe_attach(step, loss)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    flat = tracer.vanishing()
    print("ops traced:", len(tracer.summary()), "vanishing:", flat or "none")


if __name__ == "__main__":
    main()
