"""Multi-task model whose task heads infer their input width lazily.

A head is materialized by a forward pre-hook on its first call, or by a
load_state_dict pre-hook when a checkpoint already has its weights. Heads of
tasks that are disabled for a run are never called and stay unmaterialized.
"""
import torch
import torch.nn as nn

CONFIG = {
    "tasks": {"price": 1, "category": 5, "churn": 2, "region": 7},
    "active": ["price", "category"],
    "steps": 4,
    "lr": 1e-2,
}


def _materialize_on_call(head, args):
    head.materialize(args[0].shape[-1])


def _materialize_from_state(head, state_dict, prefix, *unused):
    weight = state_dict.get(prefix + "weight")
    if weight is not None and head.weight is None:
        head.materialize(weight.shape[1])


class LazyHead(nn.Module):
    def __init__(self, out_features):
        super().__init__()
        self.out_features = out_features
        self.weight = None
        self.bias = nn.Parameter(torch.zeros(out_features))
        self._init_handle = self.register_forward_pre_hook(_materialize_on_call)
        self._register_load_state_dict_pre_hook(_materialize_from_state, with_module=True)

    def materialize(self, in_features):
        if self.weight is not None:
            return
        self.weight = nn.Parameter(torch.empty(self.out_features, in_features))
        nn.init.xavier_uniform_(self.weight)
        self._init_handle.remove()

    def forward(self, x):
        return nn.functional.linear(x, self.weight, self.bias)


class MultiTaskNet(nn.Module):
    def __init__(self, tasks):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 16), nn.ReLU())
        self.heads = nn.ModuleDict({name: LazyHead(n) for name, n in tasks.items()})

    def forward(self, x, task):
        return self.heads[task](self.trunk(x))


def loss_for(task, out, n_out):
    if n_out == 1:
        return nn.functional.mse_loss(out.squeeze(-1), torch.randn(out.shape[0]))
    return nn.functional.cross_entropy(out, torch.randint(0, n_out, (out.shape[0],)))


def train(cfg):
    model = MultiTaskNet(cfg["tasks"])
    x = torch.randn(8, 10)
    with torch.no_grad():
        for task in cfg["active"]:
            model(x, task)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        total = sum(loss_for(t, model(x, t), cfg["tasks"][t]) for t in cfg["active"])
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
    return model, total.item()


def main():
    model, loss = train(CONFIG)
    state = {k: v.detach().clone() for k, v in model.state_dict().items()}
    restored = MultiTaskNet(CONFIG["tasks"])
    restored.load_state_dict(state)
    ready = sorted(name for name, head in restored.heads.items() if head.weight is not None)
    print(f"loss {loss:.3f}; restored heads {ready}")


if __name__ == "__main__":
    main()
