"""Expert ablation study for a trained top-1 MoE: accuracy with each expert subset switched off."""
import contextlib
import copy
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 10, "d_model": 16, "hidden": 24, "num_experts": 4, "classes": 3,
       "train_steps": 6, "max_dropped": 2}


class TopOneMoE(nn.Module):
    def __init__(self, d_model, hidden, num_experts):
        super().__init__()
        self.gate = nn.Linear(d_model, num_experts)
        self.register_buffer("route_bias", torch.zeros(num_experts))
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(d_model, hidden), nn.ReLU(), nn.Linear(hidden, d_model))
            for _ in range(num_experts))

    def forward(self, x):
        probs = (self.gate(x) + self.route_bias).softmax(-1)
        weight, index = probs.max(-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            rows = (index == e).nonzero().squeeze(-1)
            if rows.numel():
                out = out.index_add(0, rows, expert(x[rows]) * weight[rows, None])
        return x + out


class Net(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Linear(cfg["in_dim"], cfg["d_model"])
        self.moe = TopOneMoE(cfg["d_model"], cfg["hidden"], cfg["num_experts"])
        self.head = nn.Linear(cfg["d_model"], cfg["classes"])

    def forward(self, x):
        return self.head(self.moe(self.embed(x)))


class ExpertAblation:
    """Switches experts off (routing bias -inf, weights zeroed) and knows how to undo it."""

    def __init__(self, model, drop):
        self.model = model
        self.drop = tuple(drop)
        self._undo = contextlib.ExitStack()  # cycle

    def apply(self):
        layer = self.model.moe
        for idx in self.drop:
            saved = [p.detach().clone() for p in layer.experts[idx].parameters()]
            with torch.no_grad():
                layer.route_bias[idx] = float("-inf")
                for p in layer.experts[idx].parameters():
                    p.zero_()
            self._undo.callback(self._restore, layer, idx, saved)  # cycle
        return self.model

    def _restore(self, layer, idx, saved):
        with torch.no_grad():
            layer.route_bias[idx] = 0.0
            for p, s in zip(layer.experts[idx].parameters(), saved):
                p.copy_(s)

    def restore(self):
        self._undo.close()


def make_data(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, CFG["in_dim"], generator=g)
    return x, x[:, :3].argmax(-1)


@torch.no_grad()
def accuracy(model, data):
    x, y = data
    return (model(x).argmax(-1) == y).float().mean().item()


def main():
    torch.manual_seed(0)
    model = Net(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for step in range(CFG["train_steps"]):
        x, y = make_data(64, seed=step)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()

    val = make_data(128, seed=100)
    model.eval()
    report = {(): accuracy(model, val)}
    for k in range(1, CFG["max_dropped"] + 1):
        for drop in itertools.combinations(range(CFG["num_experts"]), k):
            ablation = ExpertAblation(copy.deepcopy(model), drop)
            report[drop] = accuracy(ablation.apply(), val)
    worst = min(report, key=report.get)
    print(f"baseline {report[()]:.3f}, worst {worst} -> {report[worst]:.3f}")


if __name__ == "__main__":
    main()
