"""AdaMerging: learn layer-wise task-vector coefficients by entropy minimisation on unlabeled data."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"tasks": 3, "finetune_steps": 6, "ada_steps": 5, "ada_lr": 0.05, "init_coef": 0.3}
HISTORY = []


def make_model():
    return nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 4))


def task_batch(task, n=32):
    x = torch.randn(n, 8)
    return x, x[:, 2 * task:2 * task + 4].argmax(1)


def finetune(pretrained_sd, task):
    model = make_model()
    model.load_state_dict(pretrained_sd)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(CFG["finetune_steps"]):
        x, y = task_batch(task)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model.state_dict()


class AdaMerger(nn.Module):
    def __init__(self, pretrained_sd, task_vectors, init_coef):
        super().__init__()
        self.names = list(pretrained_sd)
        self.base = pretrained_sd
        self.task_vectors = task_vectors
        self.coefs = nn.Parameter(torch.full((len(self.names), len(task_vectors)), init_coef))
        self.net = make_model()
        for module in self.net.modules():
            for pname in list(module._parameters):
                del module._parameters[pname]

    def merged_weights(self):
        return {name: self.base[name] + sum(self.coefs[i, t] * tv[name] for t, tv in enumerate(self.task_vectors))
                for i, name in enumerate(self.names)}

    def forward(self, x):
        for name, weight in self.merged_weights().items():
            module_name, _, attr = name.rpartition(".")
            setattr(self.net.get_submodule(module_name), attr, weight)
        return self.net(x)


def entropy(logits):
    return -(logits.softmax(-1) * logits.log_softmax(-1)).sum(-1).mean()


def main():
    torch.manual_seed(0)
    pretrained_sd = make_model().state_dict()
    task_vectors = []
    for task in range(CFG["tasks"]):
        finetuned = finetune(pretrained_sd, task)
        task_vectors.append({k: finetuned[k] - pretrained_sd[k] for k in pretrained_sd})
    merger = AdaMerger(pretrained_sd, task_vectors, CFG["init_coef"])
    opt = torch.optim.Adam([merger.coefs], lr=CFG["ada_lr"])
    for step in range(CFG["ada_steps"]):
        x = torch.cat([task_batch(t)[0] for t in range(CFG["tasks"])])
        loss = entropy(merger(x))
        opt.zero_grad()
        loss.backward()
        opt.step()
        HISTORY.append(loss.item())
    accs = []
    for task in range(CFG["tasks"]):
        x, y = task_batch(task, 128)
        accs.append((merger(x).argmax(1) == y).float().mean().item())
    print(f"entropy {HISTORY[0]:.3f} -> {HISTORY[-1]:.3f}; per-task acc {[round(a, 2) for a in accs]}")


if __name__ == "__main__":
    main()
