"""Autoencoder training instrumented with nested tracing spans per epoch and step."""
import torch
import torch.nn as nn

from tracing import Tracer

CFG = {"runs": 2, "epochs": 2, "steps": 4, "batch": 32, "dim": 20, "code": 6}


class AutoEncoder(nn.Module):
    def __init__(self, dim, code):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(dim, 32), nn.Tanh(), nn.Linear(32, code))
        self.dec = nn.Sequential(nn.Linear(code, 32), nn.Tanh(), nn.Linear(32, dim))

    def forward(self, x):
        return self.dec(self.enc(x))


class Trainer:
    def __init__(self, cfg, seed):
        torch.manual_seed(seed)
        self.cfg = cfg
        self.model = AutoEncoder(cfg["dim"], cfg["code"])
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-2)
        self.tracer = Tracer(service=f"ae-{seed}")

    def step(self, x):
        with self.tracer.span("forward", batch=len(x)):
            loss = (self.model(x) - x).pow(2).mean()
        with self.tracer.span("backward"):
            self.opt.zero_grad()
            loss.backward()
        with self.tracer.span("optimizer"):
            self.opt.step()
        return loss.item()

    def fit(self):
        last = None
        for epoch in range(self.cfg["epochs"]):
            with self.tracer.span("epoch", index=epoch):
                for i in range(self.cfg["steps"]):
                    with self.tracer.span("step", index=i):
                        last = self.step(torch.randn(self.cfg["batch"], self.cfg["dim"]))
        return last, self.tracer.totals()


def main():
    for seed in range(CFG["runs"]):
        loss, totals = Trainer(CFG, seed).fit()
        assert "epoch/step/forward" in totals and loss > 0


if __name__ == "__main__":
    main()
