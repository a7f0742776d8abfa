"""Hard Attention to the Task (HAT) for a task-incremental MLP with per-task heads."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 20, "hidden": 48, "n_tasks": 3, "epochs": 2, "batches": 4,
       "s_max": 200.0, "clip": 50.0, "lr": 0.05, "lamb": 0.75}


def compensate(grad, scale, clip):
    # scale back the gradient damped by the small annealing slope s
    return (grad * scale).clamp(-clip, clip)


class HATLinear(nn.Module):
    def __init__(self, in_f, out_f, n_tasks, s_max):
        super().__init__()
        self.fc = nn.Linear(in_f, out_f)
        self.emb = nn.Embedding(n_tasks, out_f)
        self.s_max = s_max
        self.s = 1.0 / s_max
        self.last_mask = None

    def gate(self, task):
        mask = torch.sigmoid(self.s * self.emb.weight[task])
        if self.training:
            mask.register_hook(functools.partial(compensate, scale=self.s_max / self.s, clip=CFG["clip"]))
        self.last_mask = mask
        return mask

    def forward(self, x, task):
        return F.relu(self.fc(x)) * self.gate(task)


class HATNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.l1 = HATLinear(cfg["in_dim"], cfg["hidden"], cfg["n_tasks"], cfg["s_max"])
        self.l2 = HATLinear(cfg["hidden"], cfg["hidden"], cfg["n_tasks"], cfg["s_max"])
        self.heads = nn.ModuleList(nn.Linear(cfg["hidden"], 2) for _ in range(cfg["n_tasks"]))

    def hat_layers(self):
        return [self.l1, self.l2]

    def forward(self, x, task):
        return self.heads[task](self.l2(self.l1(x, task), task))


def mask_regulariser(layers, cumulative):
    reg, count = 0.0, 0.0
    for layer, prev in zip(layers, cumulative):
        aux = 1 - prev
        reg = reg + (layer.last_mask * aux).sum()
        count = count + aux.sum()
    return reg / count.clamp_min(1.0)


def task_batch(task, n=32):
    y = torch.randint(0, 2, (n,))
    x = torch.randn(n, CFG["in_dim"]) + (2 * y - 1).unsqueeze(1) * (task + 1) * 0.3
    return x, y


def main():
    torch.manual_seed(0)
    net = HATNet(CFG)
    cumulative = [torch.zeros(CFG["hidden"]) for _ in net.hat_layers()]
    for task in range(CFG["n_tasks"]):
        opt = torch.optim.SGD(net.parameters(), lr=CFG["lr"])
        net.train()
        total = CFG["epochs"] * CFG["batches"]
        for i in range(total):
            s = 1.0 / CFG["s_max"] + (CFG["s_max"] - 1.0 / CFG["s_max"]) * i / max(1, total - 1)
            for layer in net.hat_layers():
                layer.s = s
            x, y = task_batch(task)
            loss = F.cross_entropy(net(x, task), y)
            loss = loss + CFG["lamb"] * mask_regulariser(net.hat_layers(), cumulative)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            for k, layer in enumerate(net.hat_layers()):
                final = torch.sigmoid(CFG["s_max"] * layer.emb.weight[task])
                cumulative[k] = torch.max(cumulative[k], final)
        print(f"task {task}: loss {loss.item():.3f}, used units {[int((c > 0.5).sum()) for c in cumulative]}")


if __name__ == "__main__":
    main()
