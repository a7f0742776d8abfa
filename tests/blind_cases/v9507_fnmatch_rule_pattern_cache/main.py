"""Grid search over per-group learning rates (sparse embedding tables vs. dense MLP) for a DLRM-lite model."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from groups import build_param_groups, parse_rules

GRID = [
    "tables.*:lr=0.1;*:lr=0.003",
    "tables.user*:lr=0.2;tables.*:lr=0.05;*:lr=0.003",
    "tables.*:lr=0.05,weight_decay=0;mlp.*:lr=0.01,weight_decay=0.0001;*:lr=0.001",
]
FIELDS = {"user_id": 400, "item_id": 700, "brand": 60}


class DLRMLite(nn.Module):
    def __init__(self, dim=8, dense_in=4):
        super().__init__()
        self.tables = nn.ModuleDict({f: nn.Embedding(n, dim) for f, n in FIELDS.items()})
        self.bottom = nn.Linear(dense_in, dim)
        num_vectors = len(FIELDS) + 1
        self.mlp = nn.Sequential(nn.Linear(num_vectors * (num_vectors - 1) // 2 + dim, 16), nn.ReLU(),
                                 nn.Linear(16, 1))

    def forward(self, sparse, dense):
        vecs = [self.bottom(dense)] + [self.tables[f](sparse[f]) for f in FIELDS]
        stacked = torch.stack(vecs, dim=1)
        inter = stacked @ stacked.transpose(1, 2)
        i, j = torch.triu_indices(len(vecs), len(vecs), offset=1)
        return self.mlp(torch.cat([vecs[0], inter[:, i, j]], dim=1)).squeeze(-1)


def batch(n=64):
    sparse = {f: torch.randint(0, card, (n,)) for f, card in FIELDS.items()}
    dense = torch.randn(n, 4)
    label = ((sparse["user_id"] + sparse["brand"]) % 4 == 0).float()
    return sparse, dense, label


def run_trial(spec, steps=6):
    torch.manual_seed(0)
    model = DLRMLite()
    opt = torch.optim.Adagrad(build_param_groups(model, parse_rules(spec)))
    for _ in range(steps):
        sparse, dense, label = batch()
        loss = F.binary_cross_entropy_with_logits(model(sparse, dense), label)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        sparse, dense, label = batch(256)
        return F.binary_cross_entropy_with_logits(model(sparse, dense), label).item()


def main():
    results = {}
    for spec in GRID:
        results[spec] = run_trial(spec)
        print(f"{spec!r}: val logloss={results[spec]:.4f}")
    print("best:", min(results, key=results.get))


if __name__ == "__main__":
    main()
