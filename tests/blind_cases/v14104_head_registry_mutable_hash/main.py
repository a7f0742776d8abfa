"""Class-incremental fine-tuning with weight-imprinted cosine heads published for serving."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import registry
from heads import IncrementalCosineHead

CFG = {"in_dim": 10, "feat_dim": 16, "splits": [(0, 1), (2, 3), (4, 5)],
       "steps": 4, "batch": 24, "lr": 0.05, "members": 2}


def split_batches(classes, gen, cfg):
    means = {c: torch.randn(cfg["in_dim"], generator=gen) * 2 for c in classes}
    for _ in range(cfg["steps"]):
        labels = torch.tensor(classes)[torch.randint(0, len(classes), (cfg["batch"],), generator=gen)]
        x = torch.stack([means[int(c)] for c in labels]) + torch.randn(cfg["batch"], cfg["in_dim"], generator=gen)
        yield x, labels


def train_member(member, cfg):
    gen = torch.Generator().manual_seed(member)
    encoder = nn.Sequential(nn.Linear(cfg["in_dim"], cfg["feat_dim"]), nn.ReLU(), nn.Linear(cfg["feat_dim"], cfg["feat_dim"]))
    head = IncrementalCosineHead("split-synthetic", cfg["feat_dim"])
    registry.publish(head)
    try:
        for classes in cfg["splits"]:
            batches = list(split_batches(classes, gen, cfg))
            with torch.no_grad():
                feats = encoder(batches[0][0])
            head.imprint(classes, feats, batches[0][1])
            label_map = {c: i for i, c in enumerate(head.classes)}
            opt = torch.optim.SGD(list(encoder.parameters()) + list(head.parameters()), lr=cfg["lr"])
            for x, y in batches:
                target = torch.tensor([label_map[int(c)] for c in y])
                loss = F.cross_entropy(head(encoder(x)), target)
                opt.zero_grad()
                loss.backward()
                opt.step()
            print(f"member {member} classes {head.classes}: loss {loss.item():.3f}, "
                  f"published heads {len(registry.heads_for(head.name))}")
    finally:
        registry.withdraw(head)


def main():
    for member in range(CFG["members"]):
        train_member(member, CFG)


if __name__ == "__main__":
    main()
