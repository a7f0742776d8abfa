"""Unit tests for the bag-of-tokens intent classifier, shared by CI and the notebook sweep."""
import unittest

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"vocab": 60, "dim": 16, "classes": 3, "seq_len": 12, "batch": 8, "lr": 0.05, "seed": 0}


class IntentClassifier(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.head(self.norm(self.embed(tokens)))


class IntentClassifierTests(unittest.TestCase):
    config = CONFIG

    def setUp(self):
        cfg = self.config
        self._saved_rng = torch.get_rng_state()
        torch.manual_seed(cfg["seed"])
        self.addCleanup(self._restore_rng)  # cycle
        self.model = IntentClassifier(cfg["vocab"], cfg["dim"], cfg["classes"])
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.tokens = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq_len"]))
        self.labels = torch.randint(0, cfg["classes"], (cfg["batch"],))

    def _restore_rng(self):
        torch.set_rng_state(self._saved_rng)

    def tearDown(self):
        self.optimizer.zero_grad(set_to_none=True)

    def test_output_shape(self):
        logits = self.model(self.tokens)
        self.assertEqual(tuple(logits.shape), (self.config["batch"], self.config["classes"]))

    def test_overfits_one_batch(self):
        losses = []
        for _ in range(6):
            loss = F.cross_entropy(self.model(self.tokens), self.labels)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            losses.append(loss.item())
        self.assertLess(losses[-1], losses[0])

    def test_gradient_reaches_embedding(self):
        loss = F.cross_entropy(self.model(self.tokens), self.labels)
        loss.backward()
        grad = self.model.embed.weight.grad
        self.assertIsNotNone(grad)
        self.assertGreater(float(grad.abs().sum()), 0.0)
