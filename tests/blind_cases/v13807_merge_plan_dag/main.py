"""Merge three fine-tuned MLPs into one with a lazily planned, per-tensor merge."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from executor import Executor
from tasks import LoadTensor, SaveTensor, TaskArithmetic, TiesMerge

METHODS = {"task_arithmetic": {"weights": (0.4, 0.4, 0.4)}, "ties": {"density": 0.3}}


def make_model():
    return nn.Sequential(nn.Linear(6, 24), nn.Tanh(), nn.Linear(24, 3))


def finetune(base_sd, task_id, steps=6):
    model = make_model()
    model.load_state_dict(base_sd)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(steps):
        x = torch.randn(32, 6)
        y = (x[:, task_id] > 0).long() + (task_id == 2)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return {k: v.detach() for k, v in model.state_dict().items()}


def predict(state_dict, x):
    model = make_model()
    model.load_state_dict(state_dict)
    with torch.no_grad():
        return model(x).argmax(1)


def plan_merge(base_sd, finetuned_sds, method, options, out):
    targets = []
    for key in base_sd:
        base = LoadTensor(base_sd, key)
        fts = [LoadTensor(sd, key) for sd in finetuned_sds]
        if method == "ties" and key.endswith("weight"):
            merged = TiesMerge(base, fts, **options)
        else:
            merged = TaskArithmetic(base, fts, METHODS["task_arithmetic"]["weights"])
        targets.append(SaveTensor(merged, out, key))
    return targets


def main():
    torch.manual_seed(0)
    base_sd = {k: v.detach() for k, v in make_model().state_dict().items()}
    finetuned = [finetune(base_sd, t) for t in range(3)]
    x = torch.randn(128, 6)
    for method, options in METHODS.items():
        merged_sd = {}
        n_tasks = Executor(plan_merge(base_sd, finetuned, method, options, merged_sd)).run()
        merged_pred = predict(merged_sd, x)
        agreement = [(merged_pred == predict(sd, x)).float().mean().item() for sd in finetuned]
        print(f"{method}: {n_tasks} tasks, agreement with experts {[round(a, 2) for a in agreement]}")


if __name__ == "__main__":
    main()
