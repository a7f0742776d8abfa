"""GCN encoder + MLP link predictor trained with uniform negative sampling."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from evaluation import EVALUATOR

CFG = {"nodes": 120, "feat": 16, "hidden": 32, "train_edges": 400, "test_edges": 60,
       "num_neg_eval": 200, "epochs": 5, "seeds": [0, 1]}


def make_split(cfg, gen):
    n = cfg["nodes"]
    edges = torch.randint(0, n, (2, cfg["train_edges"] + cfg["test_edges"]), generator=gen)
    edges = edges[:, edges[0] != edges[1]]
    return edges[:, : cfg["train_edges"]], edges[:, cfg["train_edges"]:]


def normalized_adjacency(edge_index, n):
    adj = torch.eye(n)
    adj[edge_index[0], edge_index[1]] = 1.0
    adj[edge_index[1], edge_index[0]] = 1.0
    dis = adj.sum(1).pow(-0.5)
    return dis.unsqueeze(1) * adj * dis.unsqueeze(0)


class Encoder(nn.Module):
    def __init__(self, in_dim, hidden):
        super().__init__()
        self.lin1 = nn.Linear(in_dim, hidden)
        self.lin2 = nn.Linear(hidden, hidden)

    def forward(self, x, adj):
        return self.lin2(adj @ F.relu(self.lin1(adj @ x)))


class LinkPredictor(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, z, pairs):
        return torch.sigmoid(self.mlp(z[pairs[0]] * z[pairs[1]])).squeeze(1)


def test(encoder, predictor, x, adj, test_pos, test_neg):
    encoder.eval()
    predictor.eval()
    z = encoder(x, adj)
    return EVALUATOR.eval({"y_pred_pos": predictor(z, test_pos), "y_pred_neg": predictor(z, test_neg)})


def run(seed):
    gen = torch.Generator().manual_seed(seed)
    torch.manual_seed(seed)
    x = torch.randn(CFG["nodes"], CFG["feat"], generator=gen)
    train_pos, test_pos = make_split(CFG, gen)
    test_neg = torch.randint(0, CFG["nodes"], (2, CFG["num_neg_eval"]), generator=gen)
    adj = normalized_adjacency(train_pos, CFG["nodes"])
    encoder, predictor = Encoder(CFG["feat"], CFG["hidden"]), LinkPredictor(CFG["hidden"])
    opt = torch.optim.Adam(list(encoder.parameters()) + list(predictor.parameters()), lr=0.01)
    for epoch in range(CFG["epochs"]):
        encoder.train()
        predictor.train()
        z = encoder(x, adj)
        neg = torch.randint(0, CFG["nodes"], train_pos.shape, generator=gen)
        pos_loss = -torch.log(predictor(z, train_pos) + 1e-15).mean()
        neg_loss = -torch.log(1 - predictor(z, neg) + 1e-15).mean()
        loss = pos_loss + neg_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        result = test(encoder, predictor, x, adj, test_pos, test_neg)
    return result


def main():
    for seed in CFG["seeds"]:
        print(f"seed {seed}", run(seed), "hard positives", EVALUATOR.worst_positives())


if __name__ == "__main__":
    main()
