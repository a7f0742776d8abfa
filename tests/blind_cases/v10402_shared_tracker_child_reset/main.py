"""Trainer tests that swap the real tracker for the shared fake from test_support."""
import io
import unittest

import torch.nn as nn

import test_support
from trainer import RegressionTrainer


class RegressionTrainerLoggingTests(unittest.TestCase):
    steps = 4

    def setUp(self):
        self.x, self.y = test_support.make_regression_batch(seed=7)
        self.model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
        self.trainer = RegressionTrainer(self.model, test_support.FAKE_TRACKER, lr=0.05)

    def tearDown(self):
        test_support.FAKE_TRACKER.log_metrics.reset_mock()

    def test_logs_every_step(self):
        self.trainer.fit(self.x, self.y, self.steps)
        self.assertEqual(test_support.FAKE_TRACKER.log_metrics.call_count, self.steps)

    def test_step_numbers_are_one_based(self):
        self.trainer.fit(self.x, self.y, self.steps)
        steps = [c.kwargs["step"] for c in test_support.FAKE_TRACKER.log_metrics.call_args_list]
        self.assertEqual(steps, list(range(1, self.steps + 1)))

    def test_logged_metric_names(self):
        self.trainer.fit(self.x, self.y, 2)
        metrics = test_support.FAKE_TRACKER.log_metrics.call_args.args[0]
        self.assertEqual(sorted(metrics), ["grad_norm", "loss"])


def main():
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(RegressionTrainerLoggingTests)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    print(f"ran={result.testsRun} failures={len(result.failures)} errors={len(result.errors)}")


if __name__ == "__main__":
    main()
