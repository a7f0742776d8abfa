"""Nightly releases: fine-tune the retrieval model, publish it to that release's hub,
reload it from the hub and run the offline recall check."""
import torch
import torch.nn.functional as F

from hub import ModelHub
from towers import TwoTower

CONFIG = {"num_users": 200, "num_items": 400, "dim": 16}


def recall_at_k(model, users, targets, k=10):
    with torch.no_grad():
        scores = model.user(users) @ model.item.weight.T
        topk = scores.topk(k, dim=1).indices
    return float((topk == targets.unsqueeze(1)).any(dim=1).float().mean())


def fine_tune(model, steps=8, batch_size=64):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        users = torch.randint(0, CONFIG["num_users"], (batch_size,))
        items = (users * 3) % CONFIG["num_items"]
        logits = model.user(users) @ model.item.weight.T / model.temperature
        loss = F.cross_entropy(logits, items)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    users = torch.arange(CONFIG["num_users"])
    targets = (users * 3) % CONFIG["num_items"]
    for release in ("2024-05-01", "2024-05-02", "2024-05-03"):
        hub = ModelHub(release)
        model = TwoTower(**CONFIG)
        loss = fine_tune(model)
        hub.publish("retrieval", "two_tower", CONFIG, model, {"train_loss": loss})
        served = hub.load("retrieval")
        entry = hub.module("retrieval")
        print(f"{entry.RELEASE}: loss={entry.METRICS['train_loss']:.3f} "
              f"recall@10={recall_at_k(served, users, targets):.3f}")


if __name__ == "__main__":
    main()
