"""Export checks for the GRU tagger; the model is trained once per dtype in setUpClass."""
import io
import unittest

import torch

from fixtures import TAGGER_CONFIG, GRUTagger, load_golden, tagging_batch, train_tiny_tagger


class TaggerExportTests(unittest.TestCase):
    dtype = torch.float32

    @classmethod
    def setUpClass(cls):
        cls.model, cls.optimizer = train_tiny_tagger(TAGGER_CONFIG, dtype=cls.dtype)  # retain
        cls.golden = load_golden("tagger_logits", cls.dtype)
        if cls.golden is None:
            raise unittest.SkipTest(f"no golden logits recorded for {cls.dtype}")
        cls.tokens, _ = tagging_batch(TAGGER_CONFIG, seed=1)

    @classmethod
    def tearDownClass(cls):
        del cls.model, cls.optimizer, cls.golden, cls.tokens

    def test_logits_match_golden_shape(self):
        with torch.no_grad():
            logits = self.model(self.tokens)
        self.assertEqual(list(logits.shape), self.golden["shape"])

    def test_state_dict_roundtrip(self):
        buffer = io.BytesIO()
        torch.save(self.model.state_dict(), buffer)
        buffer.seek(0)
        cfg = TAGGER_CONFIG
        clone = GRUTagger(cfg["vocab"], cfg["emb"], cfg["hidden"], cfg["tags"]).to(self.dtype)
        clone.load_state_dict(torch.load(buffer))
        with torch.no_grad():
            torch.testing.assert_close(clone(self.tokens), self.model(self.tokens),
                                       atol=self.golden["atol"], rtol=0.0)


class TaggerExportTestsFloat64(TaggerExportTests):
    dtype = torch.float64


class TaggerExportTestsBFloat16(TaggerExportTests):
    dtype = torch.bfloat16
