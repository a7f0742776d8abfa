"""Regression run whose loss is given as a small program in the experiment config."""
import torch
import torch.nn as nn

from interp import run_program
from sexpr import parse_program

EXPERIMENT = {
    "lr": 0.05,
    "steps": 5,
    "loss": """
        (define (huber d k) (select (< (abs d) k) (* 0.5 (* d d)) (* k (- (abs d) (* 0.5 k)))))
        (define err (- pred target))
        (define penalty (* 0.001 (sum (* weight weight))))
        (+ (mean (huber err 1.0)) penalty)
    """,
}


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 24), nn.Tanh(), nn.Linear(24, 1))
    opt = torch.optim.SGD(model.parameters(), lr=EXPERIMENT["lr"])
    program = parse_program(EXPERIMENT["loss"])
    for step in range(EXPERIMENT["steps"]):
        x = torch.randn(32, 6)
        y = x[:, :1] * 2.0 + 0.3 * torch.randn(32, 1)
        loss = run_program(program, pred=model(x), target=y, weight=model[0].weight)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
