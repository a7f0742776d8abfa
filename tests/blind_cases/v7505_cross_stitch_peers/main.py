"""Cross-stitch multi-task network: semantic segmentation and surface-normal columns."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from columns import TaskColumn

CONFIG = {"dims": [16, 32, 32], "tasks": {"semseg": 5, "normals": 3, "depth": 1}, "lr": 1e-3, "steps": 3}


class CrossStitchNet(nn.Module):
    def __init__(self, tasks, dims, self_weight=0.9):
        super().__init__()
        self.columns = nn.ModuleDict({t: TaskColumn(t, dims, out) for t, out in tasks.items()})
        n = len(tasks)
        init = torch.full((n, n), (1 - self_weight) / (n - 1))
        init.fill_diagonal_(self_weight)
        self.alphas = nn.ParameterList(nn.Parameter(init.clone()) for _ in dims[:-1])
        cols = list(self.columns.values())
        for col in cols:
            col.connect(cols)

    def _row(self, alpha, i):
        return torch.cat([alpha[i, i:i + 1], alpha[i, :i], alpha[i, i + 1:]])

    def forward(self, x):
        inputs = {t: x for t in self.columns}
        for depth, alpha in enumerate(self.alphas):
            for t, col in self.columns.items():
                col.advance(depth, inputs[t])
            inputs = {t: col.stitch(depth, self._row(alpha, i))
                      for i, (t, col) in enumerate(self.columns.items())}
        return {t: col.head(inputs[t]) for t, col in self.columns.items()}


def task_loss(task, pred, gen):
    if task == "semseg":
        return F.cross_entropy(pred, torch.randint(0, pred.size(1), (pred.size(0),), generator=gen))
    if task == "normals":
        return 1 - F.cosine_similarity(pred, torch.randn(pred.shape, generator=gen)).mean()
    return F.l1_loss(pred, torch.rand(pred.shape, generator=gen))


def train(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    model = CrossStitchNet(cfg["tasks"], cfg["dims"])
    stitch_params = list(model.alphas.parameters())
    column_params = [p for p in model.parameters() if all(p is not s for s in stitch_params)]
    optimizer = torch.optim.Adam([
        {"params": column_params, "lr": cfg["lr"]},
        {"params": stitch_params, "lr": cfg["lr"] * 100},
    ])
    for _ in range(cfg["steps"]):
        x = torch.randn(8, cfg["dims"][0], generator=gen)
        outputs = model(x)
        loss = sum(task_loss(t, outputs[t], gen) for t in cfg["tasks"])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item()


def main():
    for seed in range(2):
        print(f"seed {seed}: final loss {train(CONFIG, seed):.3f}")


if __name__ == "__main__":
    main()
