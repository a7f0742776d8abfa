"""Small regression MLP trained through a flat-parameter wrapper (ZeRO/FSDP style)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from flat_param import FlatParamHandle

CONFIG = {
    "d_in": 16,
    "hidden": 32,
    "d_out": 4,
    "lr": 0.05,
    "max_grad_norm": 1.0,
    "epochs": 2,
    "steps_per_epoch": 4,
    "batch_size": 8,
    "seeds": (0, 1),
}


class FlatParamWrapper(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self._handle = FlatParamHandle(module)
        self.flat_param = self._handle.flat_param

    def forward(self, x):
        return self.module(x)

    def export_state(self):
        return self._handle.full_state_dict()


def build_mlp(cfg):
    return nn.Sequential(
        nn.Linear(cfg["d_in"], cfg["hidden"]),
        nn.GELU(),
        nn.Linear(cfg["hidden"], cfg["hidden"]),
        nn.GELU(),
        nn.Linear(cfg["hidden"], cfg["d_out"]),
    )


def train_one_seed(seed, cfg):
    torch.manual_seed(seed)
    model = FlatParamWrapper(build_mlp(cfg))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    last = 0.0
    for epoch in range(cfg["epochs"]):
        for step in range(cfg["steps_per_epoch"]):
            x = torch.randn(cfg["batch_size"], cfg["d_in"])
            y = torch.randn(cfg["batch_size"], cfg["d_out"])
            loss = F.mse_loss(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), cfg["max_grad_norm"])
            opt.step()
            last = loss.item()
    state = model.export_state()
    return last, sum(v.numel() for v in state.values())


def main():
    for seed in CONFIG["seeds"]:
        loss, n = train_one_seed(seed, CONFIG)
        print(f"seed {seed}: final loss {loss:.4f}, {n} parameters")


if __name__ == "__main__":
    main()
