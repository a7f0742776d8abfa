"""Classification endpoint that loads models lazily and hot-swaps them on rollout."""
import torch
import torch.nn as nn

from modelcache import MODELS

REGISTRY = {"toxicity": 1, "language": 1}


def load_model(name):
    version = REGISTRY[name]
    torch.manual_seed(sum(map(ord, name)) * 10 + version)
    classes = 2 if name == "toxicity" else 6
    model = nn.Sequential(nn.Linear(20, 24 * version), nn.Tanh(), nn.Linear(24 * version, classes))
    model.version = version
    return model.eval()


@torch.no_grad()
def classify(name, feats):
    model = MODELS.get(name, load_model)
    return model.version, model(feats).argmax(-1).tolist()


def rollout(name):
    REGISTRY[name] += 1
    MODELS.put(name, load_model(name))


def main():
    for step in range(8):
        for name in REGISTRY:
            version, labels = classify(name, torch.randn(4, 20))
            print(step, name, "v%d" % version, labels)
        if step % 3 == 2:
            rollout("toxicity")
    for name in list(REGISTRY):
        MODELS.invalidate(name)
    print("hits", MODELS.hits, "misses", MODELS.misses)


if __name__ == "__main__":
    main()
