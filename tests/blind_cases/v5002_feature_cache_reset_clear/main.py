"""Keyword spotting with an auxiliary loudness regressor sharing one frame encoder."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from framecache import cache_stats, cached_frames, reset_frame_cache

CONFIG = {
    "n_mels": 10,
    "frames": 20,
    "hidden": 24,
    "num_keywords": 5,
    "batch_size": 8,
    "batches_per_epoch": 4,
    "epochs": 2,
    "lr": 1e-2,
    "aux_weight": 0.3,
}


class FrameEncoder(nn.Module):
    def __init__(self, n_mels, hidden):
        super().__init__()
        self.proj = nn.Linear(n_mels, hidden)
        self.ctx = nn.Conv1d(hidden, hidden, kernel_size=3, padding=1)

    def forward(self, frames):
        h = torch.relu(self.proj(frames))
        return torch.relu(self.ctx(h.transpose(1, 2))).transpose(1, 2)


class SpottingHeads(nn.Module):
    def __init__(self, hidden, num_keywords):
        super().__init__()
        self.keyword = nn.Linear(hidden, num_keywords)
        self.loudness = nn.Linear(hidden, 1)


def synthetic_batches(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(cfg["batches_per_epoch"]):
        frames = torch.randn(cfg["batch_size"], cfg["frames"], cfg["n_mels"], generator=gen)
        keywords = torch.randint(0, cfg["num_keywords"], (cfg["batch_size"],), generator=gen)
        loudness = frames.pow(2).mean(dim=(1, 2))
        yield frames, keywords, loudness


def keyword_loss(encoder, heads, frames, keywords, key):
    return F.cross_entropy(heads.keyword(cached_frames(encoder, frames, key)), keywords)


def loudness_loss(encoder, heads, frames, loudness, key):
    pred = heads.loudness(cached_frames(encoder, frames, key)).squeeze(-1)
    return F.smooth_l1_loss(pred, loudness)


def train(cfg):
    encoder = FrameEncoder(cfg["n_mels"], cfg["hidden"])
    heads = SpottingHeads(cfg["hidden"], cfg["num_keywords"])
    opt = torch.optim.Adam(list(encoder.parameters()) + list(heads.parameters()), lr=cfg["lr"])
    history = []
    for epoch in range(cfg["epochs"]):
        for step, (frames, keywords, loudness) in enumerate(synthetic_batches(cfg, seed=epoch)):
            key = ("train", epoch, step)
            loss = keyword_loss(encoder, heads, frames, keywords, key)
            loss = loss + cfg["aux_weight"] * loudness_loss(encoder, heads, frames, loudness, key)
            opt.zero_grad()
            loss.backward()
            opt.step()
            history.append(loss.item())
            reset_frame_cache()
    return history


def main():
    history = train(CONFIG)
    stats = cache_stats()
    print(f"final loss {history[-1]:.4f}, cache hits {stats['hits']}, resets {stats['resets']}")


if __name__ == "__main__":
    main()
