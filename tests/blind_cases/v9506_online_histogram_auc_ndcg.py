"""Online evaluation of a CTR ranker with process-wide streaming AUC / NDCG@k trackers."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class HistogramAUC:
    """Binned ROC-AUC: positives and negatives are counted per score bucket."""

    def __init__(self, num_bins=128):
        self.edges = torch.linspace(0.0, 1.0, num_bins + 1)[1:-1]
        self.pos = torch.zeros(num_bins)
        self.neg = torch.zeros(num_bins)

    def update(self, probs, labels):
        bins = torch.bucketize(probs, self.edges)
        self.pos.index_add_(0, bins, labels)
        self.neg.index_add_(0, bins, 1.0 - labels)

    def compute(self):
        neg_below = torch.cumsum(self.neg, 0) - self.neg
        wins = (self.pos * (neg_below + 0.5 * self.neg)).sum()
        return float(wins / (self.pos.sum() * self.neg.sum()).clamp_min(1.0))

    def reset(self):
        self.pos.zero_()
        self.neg.zero_()


class TopKNDCG:
    def __init__(self, k):
        self.k = k
        self.discount = 1.0 / torch.log2(torch.arange(2, k + 2, dtype=torch.float32))
        self.total = torch.zeros(())
        self.queries = 0

    def update(self, scores, relevance):
        top = torch.topk(scores, self.k, dim=1).indices
        dcg = (relevance.gather(1, top) * self.discount).sum(1)
        ideal = torch.sort(relevance, dim=1, descending=True).values[:, : self.k]
        idcg = (ideal * self.discount).sum(1)
        self.total += (dcg / idcg.clamp_min(1e-6)).sum()
        self.queries += scores.shape[0]

    def compute(self):
        return float(self.total) / max(1, self.queries)

    def reset(self):
        self.total.zero_()
        self.queries = 0


ONLINE_AUC = HistogramAUC()
ONLINE_NDCG = TopKNDCG(k=5)


class DotRanker(nn.Module):
    def __init__(self, num_users=300, num_items=400, dim=16):
        super().__init__()
        self.users = nn.Embedding(num_users, dim)
        self.items = nn.Embedding(num_items, dim)

    def forward(self, users, items):
        return (self.users(users).unsqueeze(1) * self.items(items)).sum(-1)


def slate_batch(batch_size=32, slate=10, num_users=300, num_items=400):
    users = torch.randint(0, num_users, (batch_size,))
    items = torch.randint(0, num_items, (batch_size, slate))
    relevance = ((users.unsqueeze(1) + items) % 5 == 0).float()
    return users, items, relevance


def main():
    model = DotRanker()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for step in range(1, 13):
        users, items, relevance = slate_batch()
        logits = model(users, items)
        loss = F.binary_cross_entropy_with_logits(logits, relevance)
        opt.zero_grad()
        loss.backward()
        opt.step()
        ONLINE_AUC.update(torch.sigmoid(logits).flatten(), relevance.flatten())
        ONLINE_NDCG.update(logits, relevance)
        if step % 4 == 0:
            print(f"step {step}: loss={loss.item():.4f} auc={ONLINE_AUC.compute():.3f} "
                  f"ndcg@5={ONLINE_NDCG.compute():.3f}")
            ONLINE_AUC.reset()
            ONLINE_NDCG.reset()


if __name__ == "__main__":
    main()
