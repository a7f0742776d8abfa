"""Parity tests per memory format; the trained model is shared by the tests of one class."""
import unittest

import torch
import torch.nn.functional as F

from fixtures import CNN_CONFIG, golden_for, image_batch, trained_cnn


class CNNParityTests(unittest.TestCase):
    layout = "contiguous"
    memory_format = torch.contiguous_format

    @classmethod
    def setUpClass(cls):
        cls.model, cls.optimizer = trained_cnn(CNN_CONFIG, cls.memory_format)
        cls.addClassCleanup(cls._drop_shared_fixtures)
        cls.golden = golden_for("cnn_probs", cls.layout)
        if cls.golden is None:
            raise unittest.SkipTest(f"no golden probabilities for layout {cls.layout!r}")
        cls.images, _ = image_batch(CNN_CONFIG, seed=5)

    @classmethod
    def _drop_shared_fixtures(cls):
        for name in ("model", "optimizer", "golden", "images"):
            if name in cls.__dict__:
                delattr(cls, name)

    def test_probabilities_sum_to_one(self):
        with torch.no_grad():
            probs = F.softmax(self.model(self.images), dim=1)
        torch.testing.assert_close(probs.sum(1), torch.full((len(probs),), self.golden["row_sum"]),
                                   atol=self.golden["atol"], rtol=0.0)

    def test_batch_of_one_matches_full_batch(self):
        with torch.no_grad():
            full = self.model(self.images)
            single = torch.cat([self.model(img[None]) for img in self.images])
        torch.testing.assert_close(single, full, atol=1e-5, rtol=1e-4)


class CNNParityTestsChannelsLast(CNNParityTests):
    layout = "channels_last"
    memory_format = torch.channels_last
