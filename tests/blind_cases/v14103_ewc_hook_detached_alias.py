"""EWC for a task-incremental stream; the quadratic penalty is applied as a gradient hook."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

SETTINGS = {"tasks": 3, "in_dim": 16, "hidden": 24, "classes": 3, "steps": 5,
            "batch": 32, "lr": 0.1, "lam": 40.0, "fisher_samples": 64}


def ewc_gradient(grad, current, anchor, importance):
    return grad + importance * (current - anchor)


class EWCRegularizer:
    def __init__(self, model, lam):
        self.model = model
        self.lam = lam
        self.importance = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
        self.handles = {}

    def _diag_fisher(self, x):
        fisher = {n: torch.zeros_like(p) for n, p in self.model.named_parameters()}
        for xi in x:
            logp = F.log_softmax(self.model(xi[None]), dim=1)
            self.model.zero_grad()
            logp[0, logp.argmax()].backward()
            for n, p in self.model.named_parameters():
                fisher[n] += p.grad.detach() ** 2 / len(x)
        self.model.zero_grad()
        return fisher

    def end_task(self, x):
        for handle in self.handles.values():
            handle.remove()
        for n, f in self._diag_fisher(x).items():
            self.importance[n] += self.lam * f
        for n, p in self.model.named_parameters():
            hook = functools.partial(ewc_gradient, current=p.detach(), anchor=p.detach().clone(),
                                     importance=self.importance[n].clone())
            self.handles[n] = p.register_hook(hook)


def task_data(t, gen, cfg):
    centers = torch.randn(cfg["classes"], cfg["in_dim"], generator=gen) * (1.0 + t)
    y = torch.randint(0, cfg["classes"], (cfg["steps"] * cfg["batch"],), generator=gen)
    x = centers[y] + torch.randn(len(y), cfg["in_dim"], generator=gen)
    return x, y


def main():
    cfg = SETTINGS
    gen = torch.Generator().manual_seed(3)
    model = nn.Sequential(nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.Tanh(), nn.Linear(cfg["hidden"], cfg["classes"]))
    reg = EWCRegularizer(model, cfg["lam"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.5)
    for t in range(cfg["tasks"]):
        x, y = task_data(t, gen, cfg)
        for xb, yb in zip(x.split(cfg["batch"]), y.split(cfg["batch"])):
            loss = F.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        reg.end_task(x[: cfg["fisher_samples"]])
        print(f"task {t}: last loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
