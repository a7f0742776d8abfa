"""Rating regression on a user-item bipartite graph built from random mini-batches."""
import torch
import torch.nn as nn

from hetero import HeteroBatch

CONFIG = {"num_users": 24, "num_items": 40, "dim": 16, "edges": 120, "steps": 4, "lr": 1e-2}


def sample_batch(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    batch = HeteroBatch(seed=seed)
    batch["user"].x = torch.randn(cfg["num_users"], cfg["dim"], generator=gen)
    batch["item"].x = torch.randn(cfg["num_items"], cfg["dim"], generator=gen)
    rel = batch["user", "rates", "item"]
    rel.edge_index = torch.stack([
        torch.randint(0, cfg["num_users"], (cfg["edges"],), generator=gen),
        torch.randint(0, cfg["num_items"], (cfg["edges"],), generator=gen),
    ])
    rel.edge_label = torch.rand(cfg["edges"], generator=gen) * 5
    return batch


class BipartiteRater(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.user_proj = nn.Linear(dim, dim)
        self.item_proj = nn.Linear(dim, dim)
        self.msg = nn.Linear(dim, dim)

    def forward(self, batch):
        rel = batch["user", "rates", "item"]
        src, dst = rel.edge_index
        h_user = torch.relu(self.user_proj(batch[rel.src_type].x))
        h_item = self.item_proj(batch[rel.dst_type].x)
        agg = torch.zeros_like(h_item).index_add_(0, dst, self.msg(h_user)[src])
        h_item = torch.relu(h_item + agg)
        return (h_user[src] * h_item[dst]).sum(-1)


def main():
    model = BipartiteRater(CONFIG["dim"])
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    for step in range(CONFIG["steps"]):
        batch = sample_batch(CONFIG, seed=step).to("cpu")
        pred = model(batch)
        loss = nn.functional.mse_loss(pred, batch["user", "rates", "item"].edge_label)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
