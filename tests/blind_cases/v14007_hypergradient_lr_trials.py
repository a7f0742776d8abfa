"""Online learning-rate tuning with one-step look-ahead hypergradients, run for several trials."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

SEARCH = [
    {"init_lr": 0.01, "hyper_lr": 0.05},
    {"init_lr": 0.1, "hyper_lr": 0.05},
    {"init_lr": 0.3, "hyper_lr": 0.02},
]
STEPS = 4


class TinyRegressor(nn.Module):
    def __init__(self, d_in, hidden):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x, params=None):
        if params is None:
            params = dict(self.named_parameters())
        h = torch.tanh(F.linear(x, params["fc1.weight"], params["fc1.bias"]))
        return F.linear(h, params["fc2.weight"], params["fc2.bias"])


class HyperLR:
    """Learning rate parametrized in log space and tuned on the validation loss."""

    def __init__(self, init_lr, hyper_lr):
        self.log_lr = torch.tensor(math.log(init_lr), requires_grad=True)
        self.opt = torch.optim.Adam([self.log_lr], lr=hyper_lr)
        self.trace = []

    @property
    def lr(self):
        return self.log_lr.exp()


def make_task(seed, n=48):
    g = torch.Generator().manual_seed(seed)
    w = torch.randn(5, 1, generator=g)
    x = torch.randn(n, 5, generator=g)
    return x, x @ w + 0.1 * torch.randn(n, 1, generator=g)


def lookahead_step(model, hyper, train, val):
    x, y = train
    xv, yv = val
    model.zero_grad()
    loss = F.mse_loss(model(x), y)
    loss.backward(create_graph=True)  # retain
    lr = hyper.lr
    fast = {name: p - lr * p.grad for name, p in model.named_parameters()}
    val_loss = F.mse_loss(model(xv, params=fast), yv)
    hyper.opt.zero_grad()
    val_loss.backward(inputs=[hyper.log_lr])
    hyper.opt.step()
    with torch.no_grad():
        step = hyper.lr
        for p in model.parameters():
            p.sub_(step * p.grad)
    hyper.trace.append(float(step))
    return loss.item(), val_loss.item()


def run_trial(cfg, seed):
    torch.manual_seed(seed)
    model = TinyRegressor(5, 16)
    hyper = HyperLR(cfg["init_lr"], cfg["hyper_lr"])
    train, val = make_task(seed), make_task(seed + 100)
    for _ in range(STEPS):
        train_loss, val_loss = lookahead_step(model, hyper, train, val)
    return {**cfg, "final_lr": hyper.trace[-1], "val_loss": val_loss}


def main():
    results = [run_trial(cfg, seed) for seed, cfg in enumerate(SEARCH)]
    best = min(results, key=lambda r: r["val_loss"])
    print("best", best)


if __name__ == "__main__":
    main()
