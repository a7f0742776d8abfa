"""Fine-tunes a small text classifier from legacy checkpoints, one per data shard."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from compat import LegacyNormKeysMixin, to_legacy_format

CONFIG = {"vocab": 50, "dim": 16, "classes": 3, "lr": 0.05, "steps": 3}


class BagOfTokensClassifier(LegacyNormKeysMixin, nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.mix = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        h = self.embed(tokens)
        h = self.norm(h + torch.tanh(self.mix(h)))
        return self.head(h)


def build_model(cfg):
    model = BagOfTokensClassifier(cfg["vocab"], cfg["dim"], cfg["classes"])
    return model.install_legacy_key_hooks()


def fine_tune(model, cfg, shard):
    g = torch.Generator().manual_seed(shard)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        tokens = torch.randint(0, cfg["vocab"], (8, 6), generator=g)
        labels = torch.randint(0, cfg["classes"], (8,), generator=g)
        loss = F.cross_entropy(model(tokens), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    reference = BagOfTokensClassifier(CONFIG["vocab"], CONFIG["dim"], CONFIG["classes"])
    legacy_ckpt = to_legacy_format(reference.state_dict())
    del reference
    losses = []
    for shard in range(3):
        model = build_model(CONFIG)
        model.load_state_dict(legacy_ckpt)
        assert model.legacy_report() == ["norm.beta", "norm.gamma"]
        losses.append(fine_tune(model, CONFIG, shard))
    print("shard losses", ["%.3f" % l for l in losses])


if __name__ == "__main__":
    main()
