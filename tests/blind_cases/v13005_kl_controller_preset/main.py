"""Seed sweep of a PPO recipe on a toy 'positive tokens' reward."""
import torch
import torch.nn as nn

from presets import build_trainer

VOCAB, HIDDEN = 24, 32


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.proj = nn.Linear(HIDDEN, HIDDEN)
        self.lm_head = nn.Linear(HIDDEN, VOCAB)

    def forward(self, ids):
        h = self.embed(ids).cumsum(1) / torch.arange(1, ids.shape[1] + 1).view(1, -1, 1)
        return self.lm_head(torch.relu(self.proj(h)))


class KeywordReward(nn.Module):
    def forward(self, response_ids):
        return (response_ids < VOCAB // 3).float().sum(1)


def main():
    summary = {}
    for seed in range(3):
        torch.manual_seed(seed)
        trainer = build_trainer("sentiment-adaptive-kl", policy=TinyLM(), reward_model=KeywordReward())
        for _ in range(4):
            stats = trainer.step(torch.randint(0, VOCAB, (8, 3)), gen_len=5)
        summary[seed] = stats
    for seed, stats in summary.items():
        print(seed, {k: round(v, 3) for k, v in stats.items()})


if __name__ == "__main__":
    main()
