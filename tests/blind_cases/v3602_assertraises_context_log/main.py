"""Unit tests for the loss / gradient guards, run from the training script with --selftest."""
import io
import unittest

import torch
import torch.nn as nn

from guards import GuardAssertionsMixin, check_grad_norm, check_loss


class GuardTests(GuardAssertionsMixin, unittest.TestCase):
    def setUp(self):
        super().setUp()
        torch.manual_seed(7)
        self.model = nn.Sequential(nn.Linear(12, 24), nn.Tanh(), nn.Linear(24, 3))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.inputs = torch.randn(16, 12)
        self.targets = torch.randint(0, 3, (16,))

    def _loss(self, inputs):
        return nn.functional.cross_entropy(self.model(inputs), self.targets)

    def test_finite_batch_trains(self):
        for _ in range(3):
            self.optimizer.zero_grad()
            loss = check_loss(self._loss(self.inputs))
            loss.backward()
            check_grad_norm(self.model.parameters())
            self.optimizer.step()
        self.assertLess(loss.item(), 5.0)

    def test_nan_input_trips_loss_guard(self):
        poisoned = self.inputs.clone()
        poisoned[3, 5] = float("nan")
        err = self.assertGuardTrips(check_loss, self._loss(poisoned))
        self.assertIn("nan", str(err))

    def test_exploding_gradients_trip_norm_guard(self):
        self.optimizer.zero_grad()
        (self._loss(self.inputs * 1e6) * 1e8).backward()
        self.assertGuardTrips(check_grad_norm, self.model.parameters(), max_norm=10.0)


def main():
    suite = unittest.TestLoader().loadTestsFromTestCase(GuardTests)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=2).run(suite)
    print(f"guard self-test: ran {result.testsRun}, ok={result.wasSuccessful()}")


if __name__ == "__main__":
    main()
