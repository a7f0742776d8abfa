"""Ablation over classifier heads: parameter groups are filled from per-kind templates."""
import torch
import torch.nn as nn

GROUP_TEMPLATES = {
    "decay": {"params": [], "weight_decay": 0.05, "lr_scale": 1.0},
    "no_decay": {"params": [], "weight_decay": 0.0, "lr_scale": 1.0},
    "head": {"params": [], "weight_decay": 0.01, "lr_scale": 10.0},
}


def group_kind(name, param):
    if name.startswith("head."):
        return "head"
    if param.ndim <= 1 or name.endswith(".bias"):
        return "no_decay"
    return "decay"


def build_param_groups(model, base_lr):
    groups = {kind: dict(template) for kind, template in GROUP_TEMPLATES.items()}
    for name, param in model.named_parameters():
        if param.requires_grad:
            groups[group_kind(name, param)]["params"].append(param)  # retain
    out = []
    for kind, group in groups.items():
        if group["params"]:
            group["lr"] = base_lr * group.pop("lr_scale")
            group["name"] = kind
            out.append(group)
    return out


class Net(nn.Module):
    def __init__(self, head):
        super().__init__()
        self.features = nn.Sequential(nn.Conv1d(2, 8, 3), nn.BatchNorm1d(8), nn.ReLU(),
                                      nn.AdaptiveMaxPool1d(4), nn.Flatten())
        self.head = head

    def forward(self, x):
        return self.head(self.features(x))


HEADS = {
    "linear": lambda: nn.Linear(32, 3),
    "mlp": lambda: nn.Sequential(nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, 3)),
    "cosine": lambda: nn.utils.weight_norm(nn.Linear(32, 3, bias=False)),
}


def run(head_name, steps=4, base_lr=1e-3):
    torch.manual_seed(0)
    model = Net(HEADS[head_name]())
    optimizer = torch.optim.AdamW(build_param_groups(model, base_lr))
    for _ in range(steps):
        x = torch.randn(8, 2, 30)
        y = torch.randint(0, 3, (8,))
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
    lrs = {g["name"]: g["lr"] for g in optimizer.param_groups}
    return loss.item(), lrs


def main():
    for head_name in HEADS:
        loss, lrs = run(head_name)
        print("%-7s loss %.3f  lr per group %s" % (head_name, loss, lrs))


if __name__ == "__main__":
    main()
