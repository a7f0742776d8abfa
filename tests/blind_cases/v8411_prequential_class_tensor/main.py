"""Online learning on a rotating-hyperplane stream, evaluated prequentially."""
import math

import torch
import torch.nn as nn

from evaluator import PrequentialEvaluator

CFG = {"in_dim": 10, "steps": 60, "batch_size": 8, "rotation": 0.02, "lr": 0.1}


def rotating_hyperplane(cfg, seed=0):
    g = torch.Generator().manual_seed(seed)
    w = torch.randn(cfg["in_dim"], generator=g)
    u = torch.randn(cfg["in_dim"], generator=g)
    for step in range(cfg["steps"]):
        theta = cfg["rotation"] * step
        w_t = math.cos(theta) * w + math.sin(theta) * u
        x = torch.randn(cfg["batch_size"], cfg["in_dim"], generator=g)
        yield x, (x @ w_t > 0).long()


class OnlineLogReg:
    def __init__(self, in_dim, lr):
        self.model = nn.Sequential(nn.Linear(in_dim, 16), nn.Tanh(), nn.Linear(16, 2))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)

    def test_then_train(self, x, y, evaluator):
        logits = self.model(x)
        loss = nn.functional.cross_entropy(logits, y)
        evaluator.update(loss, logits, y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()


def main():
    torch.manual_seed(0)
    learner = OnlineLogReg(CFG["in_dim"], CFG["lr"])
    evaluator = PrequentialEvaluator("rotating-hyperplane")
    for x, y in rotating_hyperplane(CFG):
        learner.test_then_train(x, y, evaluator)
    print(evaluator.report())


if __name__ == "__main__":
    main()
