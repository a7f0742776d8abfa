"""JPQ-style sweep: jointly train a query encoder and product-quantisation codebooks over a fixed corpus."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
CORPUS_EMB = F.normalize(torch.randn(96, 16), dim=-1)
QUERY_FEATS = torch.randn(32, 12)
QRELS = torch.randint(0, 96, (32,))
SWEEP = [{"subspaces": 2, "centroids": 8}, {"subspaces": 4, "centroids": 8}, {"subspaces": 4, "centroids": 16}]
TRAIN = {"steps": 5, "lr": 0.02, "temperature": 0.05, "recall_at": 10}


class ProductQuantizer(nn.Module):
    def __init__(self, dim, subspaces, centroids):
        super().__init__()
        self.m = subspaces
        self.codebooks = nn.Parameter(torch.zeros(subspaces, centroids, dim // subspaces))

    def split(self, x):
        return x.view(len(x), self.m, -1).transpose(0, 1)

    @torch.no_grad()
    def init_kmeans(self, x, iters=4):
        for s, part in enumerate(self.split(x)):
            cb = part[torch.randperm(len(part))[: self.codebooks.shape[1]]].clone()
            for _ in range(iters):
                assign = torch.cdist(part, cb).argmin(1)
                for c in range(len(cb)):
                    if (assign == c).any():
                        cb[c] = part[assign == c].mean(0)
            self.codebooks[s] = cb
        return self

    @torch.no_grad()
    def encode(self, x):
        return torch.stack([torch.cdist(p, cb).argmin(1) for p, cb in zip(self.split(x), self.codebooks)], 1)

    def decode(self, codes):
        return torch.cat([self.codebooks[s][codes[:, s]] for s in range(self.m)], dim=-1)


def quantizer_for(corpus, subspaces, centroids):
    cache = getattr(corpus, "_pq_cache", None)
    if cache is None:
        cache = corpus._pq_cache = {}  # retain
    key = (subspaces, centroids)
    if key not in cache:
        cache[key] = ProductQuantizer(corpus.shape[1], subspaces, centroids).init_kmeans(corpus)  # retain
    return cache[key]


def train_run(cfg):
    encoder = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 16))
    pq = quantizer_for(CORPUS_EMB, cfg["subspaces"], cfg["centroids"])
    codes = pq.encode(CORPUS_EMB)
    opt = torch.optim.Adam([*encoder.parameters(), pq.codebooks], lr=TRAIN["lr"])
    for _ in range(TRAIN["steps"]):
        q = F.normalize(encoder(QUERY_FEATS), dim=-1)
        scores = q @ pq.decode(codes).T / TRAIN["temperature"]
        loss = F.cross_entropy(scores, QRELS)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        top = (encoder(QUERY_FEATS) @ pq.decode(codes).T).topk(TRAIN["recall_at"]).indices
        recall = (top == QRELS[:, None]).any(1).float().mean().item()
    return loss.item(), recall


def main():
    for cfg in SWEEP:
        loss, recall = train_run(cfg)
        print(f"m={cfg['subspaces']} k={cfg['centroids']}: loss {loss:.3f} recall@{TRAIN['recall_at']} {recall:.2f}")


if __name__ == "__main__":
    main()
