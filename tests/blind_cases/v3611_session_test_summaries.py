"""Checks for a learnable-Swish MLP, rerun from the notebook; each run is logged for comparison."""
import io
import time
import unittest

import torch
import torch.nn as nn

RUN_HISTORY = []


class LearnableSwish(nn.Module):
    def __init__(self, beta=1.0):
        super().__init__()
        self.beta = nn.Parameter(torch.tensor(float(beta)))

    def forward(self, x):
        return x * torch.sigmoid(self.beta * x)


class SwishChecks(unittest.TestCase):
    lr = 0.05

    def setUp(self):
        torch.manual_seed(1)
        self.model = nn.Sequential(nn.Linear(6, 12), LearnableSwish(), nn.Linear(12, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=self.lr)
        self.x = torch.randn(40, 6)
        self.y = self.x.pow(2).sum(dim=1, keepdim=True)

    def test_beta_receives_gradient(self):
        nn.functional.mse_loss(self.model(self.x), self.y).backward()
        self.assertIsNotNone(self.model[1].beta.grad)
        self.assertNotEqual(self.model[1].beta.grad.item(), 0.0)

    def test_swish_matches_silu_at_beta_one(self):
        x = torch.linspace(-3, 3, 25)
        torch.testing.assert_close(LearnableSwish(1.0)(x), nn.functional.silu(x))

    def test_beta_moves_during_training(self):
        before = self.model[1].beta.item()
        for _ in range(5):
            self.optimizer.zero_grad()
            nn.functional.mse_loss(self.model(self.x), self.y).backward()
            self.optimizer.step()
        self.assertGreater(abs(self.model[1].beta.item() - before), 0.5)


def summarize(result, started):
    return {
        "seconds": round(time.perf_counter() - started, 3),
        "ran": result.testsRun,
        "failures": [(test.id(), text.strip().splitlines()[-1]) for test, text in result.failures],
        "errors": [(test.id(), text.strip().splitlines()[-1]) for test, text in result.errors],
    }


def run_checks(case=SwishChecks):
    started = time.perf_counter()
    suite = unittest.TestLoader().loadTestsFromTestCase(case)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=2).run(suite)
    RUN_HISTORY.append(summarize(result, started))
    return RUN_HISTORY[-1]


def main():
    for lr in (0.05, 0.2):
        SwishChecks.lr = lr
        summary = run_checks()
        print(f"lr={lr}: ran {summary['ran']}, failures: {summary['failures']}")


if __name__ == "__main__":
    main()
