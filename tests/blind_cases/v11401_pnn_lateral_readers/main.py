"""Task-incremental training of a progressive network on synthetic 2-class tasks."""
import torch
import torch.nn.functional as F

from columns import Column, LateralAdapter

CONFIG = {"in_dim": 16, "hidden": 32, "n_tasks": 3, "steps": 25, "batch": 32, "lr": 0.1}


def make_task(task_id, n, in_dim, seed=0):
    g = torch.Generator().manual_seed(seed + task_id)
    y = torch.randint(0, 2, (n,), generator=g)
    centers = torch.randn(2, in_dim, generator=torch.Generator().manual_seed(task_id)) * 2.0
    x = centers[y] + torch.randn(n, in_dim, generator=g)
    return x, y


class ProgressiveLearner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.columns = []

    def add_column(self):
        cfg = self.cfg
        column = Column(cfg["in_dim"], cfg["hidden"], 2)
        for previous in self.columns:
            previous.freeze()
            column.laterals.append(LateralAdapter(previous, cfg["hidden"]))
        self.columns.append(column)
        return column

    def forward_task(self, x, task_id):
        for previous in self.columns[:task_id]:
            with torch.no_grad():
                previous(x)
        return self.columns[task_id](x)

    def train_task(self, task_id):
        column = self.add_column()
        opt = torch.optim.SGD([p for p in column.parameters() if p.requires_grad], lr=self.cfg["lr"])
        x, y = make_task(task_id, 128, self.cfg["in_dim"])
        for step in range(self.cfg["steps"]):
            idx = torch.randint(0, x.shape[0], (self.cfg["batch"],))
            loss = F.cross_entropy(self.forward_task(x[idx], task_id), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        return loss.item()

    @torch.no_grad()
    def evaluate(self, task_id):
        x, y = make_task(task_id, 64, self.cfg["in_dim"], seed=100)
        return (self.forward_task(x, task_id).argmax(1) == y).float().mean().item()


def main():
    torch.manual_seed(0)
    learner = ProgressiveLearner(CONFIG)
    for t in range(CONFIG["n_tasks"]):
        learner.train_task(t)
    accs = [learner.evaluate(t) for t in range(CONFIG["n_tasks"])]
    topology = [c.fan_out() for c in learner.columns]
    print("acc per task", [round(a, 3) for a in accs], "fan-out", topology)


if __name__ == "__main__":
    main()
