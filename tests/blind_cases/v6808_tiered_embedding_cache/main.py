"""Train an item-to-item model and serve nearest items through the cached table."""
import torch
import torch.nn.functional as F

from table import CachedItemTable

CFG = {"items": 120, "dim": 8, "batch": 24, "steps": 5, "rounds": 2}


def co_views(gen):
    anchors = torch.randint(0, CFG["items"], (CFG["batch"],), generator=gen)
    positives = (anchors + torch.randint(1, 4, (CFG["batch"],), generator=gen)) % CFG["items"]
    return anchors, positives


def train_round(seed):
    gen = torch.Generator().manual_seed(seed)
    table = CachedItemTable(CFG["items"], CFG["dim"])
    opt = torch.optim.SGD(table.parameters(), lr=0.5)
    for _ in range(CFG["steps"]):
        anchors, positives = co_views(gen)
        a = F.normalize(table(anchors), dim=-1)
        p = F.normalize(table(positives), dim=-1)
        loss = F.cross_entropy(a @ p.t() / 0.2, torch.arange(CFG["batch"]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        table.invalidate(torch.cat([anchors, positives]))
        queries = torch.randint(0, CFG["items"], (8,), generator=gen)
        served = table.serve(queries)
    stats = (table.cache.hits, table.cache.misses, table.cache.lower.hits)
    return loss.item(), served.shape, stats


def main():
    for seed in range(CFG["rounds"]):
        loss, shape, stats = train_round(seed)
        print("round %d loss %.4f served %s hot hits/misses %d/%d warm hits %d" % ((seed, loss, tuple(shape)) + stats))


if __name__ == "__main__":
    main()
