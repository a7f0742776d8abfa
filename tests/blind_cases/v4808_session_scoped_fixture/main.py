"""Tests for a pretrained text classifier; the expensive training runs once per session."""
from dataclasses import dataclass

import torch
import torch.nn as nn

from conftest import fixture, run_tests


@dataclass
class Pretrained:
    model: nn.Module
    optimizer: torch.optim.Optimizer
    final_loss: float


class BagOfWords(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.fc = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.fc(self.emb(tokens))


@fixture(scope="session")
def settings():
    return {"vocab": 40, "dim": 12, "classes": 3, "steps": 5}


@fixture(scope="session")
def pretrained(settings):
    torch.manual_seed(0)
    model = BagOfWords(settings["vocab"], settings["dim"], settings["classes"])
    opt = torch.optim.AdamW(model.parameters(), lr=0.05)
    tokens = torch.randint(0, settings["vocab"], (16, 6))
    labels = tokens[:, 0] % settings["classes"]
    for _ in range(settings["steps"]):
        loss = nn.functional.cross_entropy(model(tokens), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return Pretrained(model, opt, loss.item())


@fixture()
def probe_batch(settings):
    return torch.randint(0, settings["vocab"], (4, 6))


def test_logit_shape(pretrained, probe_batch):
    assert pretrained.model(probe_batch).shape == (4, 3)


def test_eval_deterministic(pretrained, probe_batch):
    pretrained.model.eval()
    with torch.no_grad():
        assert torch.equal(pretrained.model(probe_batch), pretrained.model(probe_batch))


def test_loss_finite(pretrained):
    assert pretrained.final_loss == pretrained.final_loss


def main():
    run_tests([test_logit_shape, test_eval_deterministic, test_loss_finite])


if __name__ == "__main__":
    main()
