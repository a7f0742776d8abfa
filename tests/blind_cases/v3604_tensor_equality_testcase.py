"""State-dict round-trip tests for a small encoder, with a tensor-aware assertEqual."""
import copy
import io
import unittest

import torch
import torch.nn as nn


class TorchTestCase(unittest.TestCase):
    """Base class: assertEqual compares tensors with a tolerance and reports the largest error."""

    rtol = 1e-5
    atol = 1e-6

    def setUp(self):
        super().setUp()
        torch.manual_seed(getattr(self, "seed", 0))
        self.addTypeEqualityFunc(torch.Tensor, self.assertTensorClose)  # cycle
        self.addTypeEqualityFunc(nn.Parameter, self.assertTensorClose)  # cycle

    def assertTensorClose(self, first, second, msg=None):
        self.assertEqual(first.shape, second.shape, msg)
        if not torch.allclose(first, second, rtol=self.rtol, atol=self.atol):
            worst = (first - second).abs().max().item()
            self.fail(self._formatMessage(msg, f"tensors differ (max abs error {worst:.3g})"))


class Encoder(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, tokens):
        return self.norm(torch.tanh(self.mix(self.embed(tokens)))).mean(dim=1)


class CheckpointRoundTrip(TorchTestCase):
    seed = 11

    def setUp(self):
        super().setUp()
        self.model = Encoder()
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-2)
        self.tokens = torch.randint(0, 50, (8, 6))
        for _ in range(3):
            self.optimizer.zero_grad()
            loss = self.model(self.tokens).pow(2).sum()
            loss.backward()
            self.optimizer.step()

    def _reload(self):
        state = copy.deepcopy(self.model.state_dict())
        clone = Encoder()
        clone.load_state_dict(state)
        return clone

    def test_outputs_match_after_reload(self):
        clone = self._reload()
        with torch.no_grad():
            self.assertEqual(self.model(self.tokens), clone(self.tokens))

    def test_parameters_match_after_reload(self):
        clone = self._reload()
        for (name, p), q in zip(self.model.named_parameters(), clone.parameters()):
            self.assertEqual(p, q, msg=name)

    def test_deepcopy_is_independent(self):
        twin = copy.deepcopy(self.model)
        with torch.no_grad():
            twin.mix.weight.add_(1.0)
        self.assertFalse(torch.equal(twin.mix.weight, self.model.mix.weight))


def main():
    suite = unittest.TestLoader().loadTestsFromTestCase(CheckpointRoundTrip)
    stream = io.StringIO()
    result = unittest.TextTestRunner(stream=stream, verbosity=2).run(suite)
    print(stream.getvalue().strip().splitlines()[-1], "| failures:", len(result.failures))


if __name__ == "__main__":
    main()
