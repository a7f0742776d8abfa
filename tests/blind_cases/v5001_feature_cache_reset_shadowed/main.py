"""Sentence encoder with a topic head and a sentiment-score head trained jointly."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from featcache import cache_stats, cached_features, reset_feature_cache

CONFIG = {
    "vocab_size": 64,
    "dim": 16,
    "num_topics": 4,
    "seq_len": 12,
    "batch_size": 8,
    "batches_per_epoch": 4,
    "epochs": 2,
    "lr": 0.05,
    "aux_weight": 0.5,
}


class TokenEncoder(nn.Module):
    def __init__(self, vocab_size, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=0)
        self.mix = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())

    def forward(self, token_ids):
        return self.mix(self.embed(token_ids))


class MultiTaskHeads(nn.Module):
    def __init__(self, dim, num_topics):
        super().__init__()
        self.topic = nn.Linear(dim, num_topics)
        self.sentiment = nn.Linear(dim, 1)


def synthetic_batches(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(cfg["batches_per_epoch"]):
        ids = torch.randint(1, cfg["vocab_size"], (cfg["batch_size"], cfg["seq_len"]), generator=gen)
        lengths = torch.randint(4, cfg["seq_len"] + 1, (cfg["batch_size"],), generator=gen)
        ids[torch.arange(cfg["seq_len"]).unsqueeze(0) >= lengths.unsqueeze(1)] = 0
        topics = torch.randint(0, cfg["num_topics"], (cfg["batch_size"],), generator=gen)
        scores = torch.rand(cfg["batch_size"], generator=gen)
        yield ids, topics, scores


def topic_loss(encoder, heads, ids, topics, key):
    return F.cross_entropy(heads.topic(cached_features(encoder, ids, key)), topics)


def sentiment_loss(encoder, heads, ids, scores, key):
    pred = heads.sentiment(cached_features(encoder, ids, key)).squeeze(-1)
    return F.mse_loss(torch.sigmoid(pred), scores)


def train(cfg):
    encoder = TokenEncoder(cfg["vocab_size"], cfg["dim"])
    heads = MultiTaskHeads(cfg["dim"], cfg["num_topics"])
    params = list(encoder.parameters()) + list(heads.parameters())
    opt = torch.optim.SGD(params, lr=cfg["lr"])
    history = []
    for epoch in range(cfg["epochs"]):
        for step, (ids, topics, scores) in enumerate(synthetic_batches(cfg, seed=epoch)):
            key = ("train", epoch, step)
            loss = topic_loss(encoder, heads, ids, topics, key)
            loss = loss + cfg["aux_weight"] * sentiment_loss(encoder, heads, ids, scores, key)
            opt.zero_grad()
            loss.backward()
            opt.step()
            history.append(loss.item())
            reset_feature_cache()
    return history


def main():
    history = train(CONFIG)
    stats = cache_stats()
    print(f"final loss {history[-1]:.4f}, cache hits {stats['hits']}")


if __name__ == "__main__":
    main()
