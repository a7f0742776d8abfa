"""Task-conditioned hypernetwork: a small MLP generates the weights of a target MLP per task."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

TARGET_SIZES = (2, 16, 16, 1)
HYPER_CFG = {"task_dim": 8, "hidden": 64, "lr": 1e-3, "num_tasks": 5, "steps": 6}


class GeneratedLinear(nn.Module):
    """Linear layer without its own parameters; weight and bias are assigned before each call."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        self.weight = None
        self.bias = None

    @property
    def numel(self):
        return self.in_features * self.out_features + self.out_features

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)


class TaskHyperNetwork(nn.Module):
    def __init__(self, target_sizes, task_dim, num_tasks, hidden):
        super().__init__()
        self.task_embed = nn.Embedding(num_tasks, task_dim)
        layers = [GeneratedLinear(a, b) for a, b in zip(target_sizes[:-1], target_sizes[1:])]
        self.target = nn.ModuleList(layers)  # cycle
        total = sum(layer.numel for layer in self.target)
        self.generator = nn.Sequential(nn.Linear(task_dim, hidden), nn.ReLU(), nn.Linear(hidden, total))
        self.register_buffer("task_id", torch.zeros((), dtype=torch.long))
        self._chunks = None
        for i, layer in enumerate(self.target):
            layer.register_forward_pre_hook(functools.partial(self._load_generated, i))  # cycle

    def set_task(self, task_id):
        self.task_id.fill_(task_id)
        flat = self.generator(self.task_embed(self.task_id))
        self._chunks = torch.split(flat, [layer.numel for layer in self.target])

    def _load_generated(self, index, layer, inputs):
        chunk = self._chunks[index]
        n_w = layer.in_features * layer.out_features
        layer.weight = chunk[:n_w].view(layer.out_features, layer.in_features)
        layer.bias = chunk[n_w:]

    def forward(self, x):
        for i, layer in enumerate(self.target):
            x = layer(x)
            if i < len(self.target) - 1:
                x = torch.tanh(x)
        return x


def task_batch(task_id, n=32):
    x = torch.randn(n, 2)
    w = torch.tensor([[1.0 + task_id], [0.5 - 0.2 * task_id]])
    return x, x @ w


def train_run(seed):
    torch.manual_seed(seed)
    hyper = TaskHyperNetwork(TARGET_SIZES, HYPER_CFG["task_dim"], HYPER_CFG["num_tasks"], HYPER_CFG["hidden"])
    opt = torch.optim.Adam(hyper.parameters(), lr=HYPER_CFG["lr"])
    losses = []
    for step in range(HYPER_CFG["steps"]):
        task = step % HYPER_CFG["num_tasks"]
        x, y = task_batch(task)
        hyper.set_task(task)
        loss = F.mse_loss(hyper(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses


def main():
    for seed in range(2):
        train_run(seed)


if __name__ == "__main__":
    main()
