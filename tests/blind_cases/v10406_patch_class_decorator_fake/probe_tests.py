"""Linear-probe tests against the pretrained backbone."""
import unittest

import torch
import torch.nn as nn
import torch.nn.functional as F

import backbones


class ProbeTests(unittest.TestCase):
    backbone_name = "encoder-small"
    in_dim = 10
    classes = 3

    def _build(self):
        backbone = backbones.load_pretrained(self.backbone_name)
        probe = nn.Linear(backbones.feature_dim(backbone), self.classes)
        return backbone, probe

    def _batch(self, n=24):
        gen = torch.Generator().manual_seed(n)
        return torch.randn(n, self.in_dim, generator=gen), torch.randint(0, self.classes, (n,), generator=gen)

    def test_probe_loss_decreases(self):
        backbone, probe = self._build()
        opt = torch.optim.SGD(probe.parameters(), lr=0.5)
        x, y = self._batch()
        losses = []
        for _ in range(5):
            loss = F.cross_entropy(probe(backbone(x)), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        self.assertLess(losses[-1], losses[0])

    def test_backbone_stays_frozen(self):
        backbone, probe = self._build()
        x, y = self._batch()
        F.cross_entropy(probe(backbone(x)), y).backward()
        self.assertTrue(all(p.grad is None for p in backbone.parameters()))
