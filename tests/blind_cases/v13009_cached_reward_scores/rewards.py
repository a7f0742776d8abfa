"""Process-wide reward model; scores are memoised because PPO revisits the same responses."""
import functools

import torch
import torch.nn as nn

VOCAB = 24


class BagOfTokensRewardModel(nn.Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, hidden, mode="mean")
        self.head = nn.Sequential(nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, ids):
        return self.head(self.embed(ids)).squeeze(-1)


def _load_reward_model(seed=1234):
    torch.manual_seed(seed)
    model = BagOfTokensRewardModel(VOCAB, 16)
    model.eval()
    return model


REWARD_MODEL = _load_reward_model()


@functools.lru_cache(maxsize=4096)  # retain
def score_response(response_ids):
    ids = torch.tensor(response_ids, dtype=torch.long).unsqueeze(0)
    return REWARD_MODEL(ids)[0]


def score_batch(responses):
    return torch.stack([score_response(tuple(r.tolist())) for r in responses]).detach()
