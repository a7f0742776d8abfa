"""Continual regression over a few synthetic tasks with a weight-generating hypernetwork."""
import torch
import torch.nn.functional as F

from hypernet import HyperNetwork
from targets import TEMPLATES, bound_flat

CONFIG = {
    "arch": "mlp-deep",
    "n_tasks": 3,
    "epochs": 2,
    "batches_per_task": 3,
    "batch_size": 16,
    "lr": 3e-3,
    "emb_reg": 1e-3,
    "seeds": (0, 1),
}


def make_tasks(n_tasks, in_dim=6, out_dim=3, seed=0):
    g = torch.Generator().manual_seed(seed)
    return [torch.randn(in_dim, out_dim, generator=g) for _ in range(n_tasks)]


def sample(task_map, batch_size):
    x = torch.randn(batch_size, task_map.shape[0])
    return x, torch.tanh(x @ task_map)


def run(seed, cfg):
    torch.manual_seed(seed)
    template = TEMPLATES[cfg["arch"]]
    tasks = make_tasks(cfg["n_tasks"], seed=seed)
    hnet = HyperNetwork(template, cfg["n_tasks"])
    opt = torch.optim.Adam(hnet.parameters(), lr=cfg["lr"])

    for epoch in range(cfg["epochs"]):
        for task_id, task_map in enumerate(tasks):
            for _ in range(cfg["batches_per_task"]):
                x, y = sample(task_map, cfg["batch_size"])
                with bound_flat(template, hnet(task_id), hnet.layout) as net:
                    pred = net(x)
                loss = F.mse_loss(pred, y) + cfg["emb_reg"] * hnet.embedding_penalty()
                opt.zero_grad()
                loss.backward()
                opt.step()

    hnet.eval()
    report = {}
    for task_id, task_map in enumerate(tasks):
        x, y = sample(task_map, 64)
        with bound_flat(template, hnet(task_id), hnet.layout) as net:
            report[task_id] = F.mse_loss(net(x), y).item()
    return report


def main():
    for seed in CONFIG["seeds"]:
        report = run(seed, CONFIG)
        assert len(report) == CONFIG["n_tasks"]


if __name__ == "__main__":
    main()
