"""Small DLRM: bottom MLP on dense features, pairwise dot interactions, top MLP."""
import torch
import torch.nn as nn

import features


class DLRM(nn.Module):
    def __init__(self, sparse_features, num_dense):
        super().__init__()
        self.sparse_features = list(sparse_features)
        self.tables = nn.ModuleDict({name: features.table_for(name) for name in self.sparse_features})
        dim = features.EMBED_DIM
        self.bottom = nn.Sequential(nn.Linear(num_dense, 16), nn.ReLU(), nn.Linear(16, dim), nn.ReLU())
        n = len(self.sparse_features) + 1
        rows, cols = torch.triu_indices(n, n, offset=1)
        self.register_buffer("pair_rows", rows)
        self.register_buffer("pair_cols", cols)
        self.top = nn.Sequential(nn.Linear(dim + rows.numel(), 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, dense, sparse):
        x = self.bottom(dense)
        embs = [x]
        for name in self.sparse_features:
            ids, offsets = sparse[name]
            embs.append(self.tables[name](ids, offsets))
        stacked = torch.stack(embs, dim=1)
        inter = torch.bmm(stacked, stacked.transpose(1, 2))
        crosses = inter[:, self.pair_rows, self.pair_cols]
        return self.top(torch.cat([x, crosses], dim=1)).squeeze(-1)
