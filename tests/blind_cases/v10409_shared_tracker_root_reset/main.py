"""Tests for the blob classifier fit loop, using the shared fake tracker."""
import io
import unittest

import test_support
from classifier import BlobClassifierFit


class BlobClassifierTrackingTests(unittest.TestCase):
    def setUp(self):
        self.addCleanup(test_support.reset_fakes)
        self.x, self.y = test_support.make_blobs(seed=3)
        self.fit = BlobClassifierFit(features=4, classes=3, tracker=test_support.FAKE_TRACKER)

    def test_metrics_logged_per_step(self):
        steps = self.fit.run(self.x, self.y, epochs=2)
        self.assertEqual(test_support.FAKE_TRACKER.log_metrics.call_count, steps)

    def test_config_logged_once_before_metrics(self):
        self.fit.run(self.x, self.y, epochs=1)
        names = [name for name, _args, _kwargs in test_support.FAKE_TRACKER.method_calls]
        self.assertEqual(names[0], "log_config")
        self.assertEqual(names.count("log_config"), 1)

    def test_weights_artifact_uploaded(self):
        self.fit.run(self.x, self.y, epochs=1)
        test_support.FAKE_TRACKER.log_artifact.assert_called_once()
        self.assertEqual(test_support.FAKE_TRACKER.log_artifact.call_args.args[0], "weights")


def main():
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(BlobClassifierTrackingTests)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    print(f"ran={result.testsRun} failures={len(result.failures)} errors={len(result.errors)}")


if __name__ == "__main__":
    main()
