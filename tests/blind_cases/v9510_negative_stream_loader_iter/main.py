"""Two-tower retrieval model trained with sampled softmax and logQ correction."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from sampling import ItemCatalog, PopularityNegativeSampler

CONFIG = {"num_users": 300, "num_items": 1000, "dim": 16, "batch_size": 32,
          "num_negatives": 48, "epochs": 2, "steps": 6, "temperature": 0.1}


class TwoTower(nn.Module):
    def __init__(self, num_users, num_items, num_categories, dim):
        super().__init__()
        self.user = nn.Embedding(num_users, dim)
        self.item = nn.Embedding(num_items, dim)
        self.category = nn.Embedding(num_categories, dim)
        self.item_cat = None

    def user_vec(self, users):
        return F.normalize(self.user(users), dim=-1)

    def item_vec(self, items):
        return F.normalize(self.item(items) + self.category(self.item_cat[items]), dim=-1)


def main():
    cfg = CONFIG
    categories = torch.randint(0, 20, (cfg["num_items"],))
    counts = torch.randint(1, 500, (cfg["num_items"],))
    catalog = ItemCatalog(torch.arange(cfg["num_items"]), categories)
    sampler = PopularityNegativeSampler(catalog, counts, cfg["num_negatives"])
    model = TwoTower(cfg["num_users"], cfg["num_items"], 20, cfg["dim"])
    model.item_cat = categories
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            users = torch.randint(0, cfg["num_users"], (cfg["batch_size"],))
            positives = (users * 7 + 3) % cfg["num_items"]
            negatives, neg_log_q = sampler.draw(positives)
            u = model.user_vec(users)
            pos_logit = (u * model.item_vec(positives)).sum(-1, keepdim=True)
            neg_logit = u @ model.item_vec(negatives).T - neg_log_q
            logits = torch.cat([pos_logit, neg_logit], dim=1) / cfg["temperature"]
            loss = F.cross_entropy(logits, torch.zeros(len(users), dtype=torch.long))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.4f} negatives drawn={sampler.drawn}")


if __name__ == "__main__":
    main()
