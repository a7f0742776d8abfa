"""Autoencoder tests that temporarily register fixture components."""
import io
import unittest
from unittest import mock

import torch
import torch.nn as nn

import components
from autoencoder import AutoencoderRun

CFG = {"dim": 6, "code": 3, "lr": 0.02, "encoder": "dense", "schedule": "constant"}


class AutoencoderComponentTests(unittest.TestCase):
    def setUp(self):
        self.data = torch.randn(16, CFG["dim"], generator=torch.Generator().manual_seed(4))

    @mock.patch.dict(components.ENCODERS)
    def test_pretrained_encoder_fixture(self):
        pretrained = nn.Sequential(nn.Linear(CFG["dim"], CFG["code"]), nn.Tanh())

        @components.encoder("pretrained_fixture")
        def _pretrained(cfg):
            return pretrained

        run = AutoencoderRun(dict(CFG, encoder="pretrained_fixture"))
        run.train(self.data, steps=3)
        self.assertIs(run.encoder, pretrained)

    def test_warmup_schedule_fixture(self):
        seen = []
        with mock.patch.dict(components.SCHEDULES):
            @components.schedule("warmup_fixture")
            def _warmup(optimizer, cfg):
                sched = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.1, total_iters=3)
                seen.append(sched)
                return sched
            run = AutoencoderRun(dict(CFG, schedule="warmup_fixture"))
            run.train(self.data, steps=4)
        self.assertEqual(len(seen), 1)
        self.assertAlmostEqual(run.optimizer.param_groups[0]["lr"], CFG["lr"])

    def test_default_components_train(self):
        losses = AutoencoderRun(CFG).train(self.data, steps=5)
        self.assertLess(losses[-1], losses[0])


def main():
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(AutoencoderComponentTests)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    print(f"ran={result.testsRun} failures={len(result.failures)} errors={len(result.errors)}")
    for test, text in result.failures + result.errors:
        print(" ", test.id(), text.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
