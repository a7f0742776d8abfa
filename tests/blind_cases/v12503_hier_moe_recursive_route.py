"""Two-level hierarchical mixture of experts (group gate -> expert gate) for
tabular regression, trained on a synthetic piecewise-linear target."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"d_in": 8, "d_hidden": 32, "d_out": 1, "branching": (2, 3), "top_k": 1,
          "balance_coef": 0.05, "epochs": 3, "batches": 3, "batch_size": 64, "lr": 1e-2}


class ExpertLeaf(nn.Module):
    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, d_hidden), nn.GELU(), nn.Linear(d_hidden, d_out))

    def forward(self, x):
        return self.net(x)


class GateNode(nn.Module):
    def __init__(self, d_in, kids):
        super().__init__()
        self.gate = nn.Linear(d_in, len(kids))
        self.kids = nn.ModuleList(kids)


def build_tree(d_in, d_hidden, d_out, branching):
    if not branching:
        return ExpertLeaf(d_in, d_hidden, d_out)
    kids = [build_tree(d_in, d_hidden, d_out, branching[1:]) for _ in range(branching[0])]
    return GateNode(d_in, kids)


class HierarchicalMoE(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.root = build_tree(cfg["d_in"], cfg["d_hidden"], cfg["d_out"], list(cfg["branching"]))
        self.d_out = cfg["d_out"]
        self.top_k = cfg["top_k"]
        self.leaf_load = {}

    def forward(self, x):
        pieces = []
        balance = []

        def route(node, rows, weight, path):  # cycle
            if isinstance(node, ExpertLeaf):
                self.leaf_load[path] = self.leaf_load.get(path, 0) + int(rows.numel())
                pieces.append((rows, node(x[rows]) * weight.unsqueeze(-1)))
                return
            probs = F.softmax(node.gate(x[rows]), dim=-1)
            balance.append(probs.mean(0).pow(2).sum() * probs.shape[-1])
            chosen = probs.topk(self.top_k, dim=-1).indices
            for j, child in enumerate(node.kids):
                hit = (chosen == j).any(-1)
                if bool(hit.any()):
                    route(child, rows[hit], weight[hit] * probs[hit, j], path + (j,))

        route(self.root, torch.arange(x.shape[0]), x.new_ones(x.shape[0]), ())
        out = x.new_zeros(x.shape[0], self.d_out)
        for rows, y in pieces:
            out = out.index_add(0, rows, y)
        return out, torch.stack(balance).mean()


def synthetic_batch(n, d_in):
    x = torch.randn(n, d_in)
    y = torch.where(x[:, :1] > 0, x[:, 1:2] * 2.0, -x[:, 2:3]) + 0.05 * torch.randn(n, 1)
    return x, y


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = HierarchicalMoE(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        total = 0.0
        for _ in range(cfg["batches"]):
            x, y = synthetic_batch(cfg["batch_size"], cfg["d_in"])
            pred, balance = model(x)
            loss = F.mse_loss(pred, y) + cfg["balance_coef"] * balance
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: loss {total / cfg['batches']:.4f}")
    model.eval()
    with torch.no_grad():
        x, y = synthetic_batch(256, cfg["d_in"])
        pred, _ = model(x)
        print(f"val mse {F.mse_loss(pred, y).item():.4f}  leaves used {len(model.leaf_load)}")


if __name__ == "__main__":
    main()
