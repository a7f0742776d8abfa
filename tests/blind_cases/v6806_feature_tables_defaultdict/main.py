"""Train one DLRM per feature set of an ablation study."""
import random

import torch
import torch.nn.functional as F

import features
from dlrm import DLRM

ABLATION = {
    "base": ["user_id", "item_id", "category"],
    "with_context": ["user_id", "item_id", "category", "device", "hour"],
}
NUM_DENSE, BATCH, STEPS = 4, 32, 5


def make_batch(feature_names, rng):
    dense = torch.randn(BATCH, NUM_DENSE)
    sparse = {}
    for name in feature_names:
        values = [rng.randrange(1000) for _ in range(BATCH)]
        ids = features.hash_values(name, values)
        sparse[name] = (ids, torch.arange(BATCH))
    label = (dense[:, 0] > 0).float()
    return dense, sparse, label


def train_variant(name, feature_names, seed):
    rng = random.Random(seed)
    torch.manual_seed(seed)
    model = DLRM(feature_names, NUM_DENSE)
    opt = torch.optim.Adagrad(model.parameters(), lr=0.05)
    for _ in range(STEPS):
        dense, sparse, label = make_batch(feature_names, rng)
        loss = F.binary_cross_entropy_with_logits(model(dense, sparse), label)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for seed, (name, feature_names) in enumerate(ABLATION.items()):
        loss = train_variant(name, feature_names, seed)
        print("%-13s loss %.4f" % (name, loss))
    print("tables:", ", ".join(features.known_features()))


if __name__ == "__main__":
    main()
