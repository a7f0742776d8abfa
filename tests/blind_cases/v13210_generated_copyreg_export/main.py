"""Multi-task classification with a hypernetwork; after training, the target
network for each task is exported as a standalone module."""
import io

import torch
import torch.nn.functional as F

from hypermodel import HyperModel

CONFIG = {
    "dims": (10, 24, 3),
    "n_tasks": 3,
    "epochs": 2,
    "steps_per_task": 3,
    "batch_size": 16,
    "lr": 3e-3,
    "seeds": (0, 1),
}


def task_batch(task_id, cfg):
    x = torch.randn(cfg["batch_size"], cfg["dims"][0])
    y = (x[:, task_id] > 0).long() + (x[:, task_id + 1] > 0.5).long()
    return x, y


def export_target(model, task_id):
    model.export_task = task_id
    buf = io.BytesIO()
    torch.save(model.target, buf)
    buf.seek(0)
    return torch.load(buf)


def run(seed, cfg):
    torch.manual_seed(seed)
    model = HyperModel(cfg["dims"], cfg["n_tasks"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for task_id in range(cfg["n_tasks"]):
            for _ in range(cfg["steps_per_task"]):
                x, y = task_batch(task_id, cfg)
                loss = F.cross_entropy(model(x, task_id), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
    accuracy = {}
    for task_id in range(cfg["n_tasks"]):
        standalone = export_target(model, task_id)
        x, y = task_batch(task_id, cfg)
        with torch.no_grad():
            accuracy[task_id] = (standalone(x).argmax(1) == y).float().mean().item()
    return accuracy


def main():
    for seed in CONFIG["seeds"]:
        acc = run(seed, CONFIG)
        assert len(acc) == CONFIG["n_tasks"]


if __name__ == "__main__":
    main()
