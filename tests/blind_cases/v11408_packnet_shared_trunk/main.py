"""Task-incremental PackNet on top of the shared trunk, one run per seed."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from backbone import FEATURE_DIM, IN_DIM, TRUNK
from packnet import PackNet

CFG = {"n_tasks": 3, "steps": 8, "retrain_steps": 3, "batch": 32, "lr": 0.05, "prune_ratio": 0.5}


def task_data(task, n, seed):
    g = torch.Generator().manual_seed(100 * seed + task)
    w = torch.randn(IN_DIM, generator=g)
    x = torch.randn(n, IN_DIM, generator=g)
    return x, (x @ w > 0).long()


def fit(trunk, head, packnet, task, x, y, steps):
    opt = torch.optim.SGD(list(trunk.parameters()) + list(head.parameters()), lr=CFG["lr"])
    trunk.train()
    for _ in range(steps):
        idx = torch.randint(0, len(y), (CFG["batch"],))
        loss = F.cross_entropy(head(trunk(x[idx])), y[idx])
        opt.zero_grad()
        loss.backward()
        packnet.restrict_gradients(task)
        opt.step()
    return loss.item()


def run(seed):
    torch.manual_seed(seed)
    trunk = TRUNK
    packnet = PackNet(trunk, CFG["prune_ratio"])
    heads = nn.ModuleList(nn.Linear(FEATURE_DIM, 2) for _ in range(CFG["n_tasks"]))
    data = [task_data(t, 128, seed) for t in range(CFG["n_tasks"])]
    for task, (x, y) in enumerate(data):
        packnet.release()
        fit(trunk, heads[task], packnet, task, x, y, CFG["steps"])
        packnet.pack(task)
        packnet.use_task(task)
        fit(trunk, heads[task], packnet, task, x, y, CFG["retrain_steps"])
    trunk.eval()
    accs = []
    for task, (x, y) in enumerate(data):
        packnet.use_task(task)
        accs.append((heads[task](trunk(x)).argmax(1) == y).float().mean().item())
    return accs


def main():
    for seed in (0, 1):
        print(f"seed {seed}: per-task accuracy {[round(a, 2) for a in run(seed)]}")


if __name__ == "__main__":
    main()
