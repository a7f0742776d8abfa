"""Resume-from-checkpoint tests; the notebook reruns single tests by name while debugging."""
import unittest

import torch
import torch.nn as nn

from fixtures import trained_model


def regressor():
    return nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 1))


class ResumeTests(unittest.TestCase):
    def setUp(self):
        self.trained = trained_model(regressor, steps=5)

    def test_training_reduced_loss(self):
        self.assertLess(self.trained.losses[-1], self.trained.losses[0])

    def test_restored_weights_match(self):
        fresh = regressor()
        self.trained.restore_into(fresh)
        for p, q in zip(fresh.parameters(), self.trained.model.parameters()):
            self.assertTrue(torch.equal(p, q))

    def test_snapshot_counts_optimizer_steps(self):
        steps = self.trained.optimizer_steps
        self.assertEqual(len(steps), len(list(self.trained.model.parameters())))
        self.assertEqual(set(steps.values()), {5})


def rerun(case, *names):
    result = unittest.TestResult()
    for name in names:
        case(name).run(result)
    return result


def main():
    result = rerun(ResumeTests, "test_training_reduced_loss", "test_restored_weights_match",
                   "test_snapshot_counts_optimizer_steps")
    print(f"ran {result.testsRun}: failures={len(result.failures)} errors={len(result.errors)}")
    for test, text in result.failures + result.errors:
        print(test.id(), text.splitlines()[-1])


if __name__ == "__main__":
    main()
