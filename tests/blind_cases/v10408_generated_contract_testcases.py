"""Model-contract tests generated per architecture family; each generated class trains its model once."""
import io
import unittest

import torch
import torch.nn as nn
import torch.nn.functional as F


class ResidualMLP(nn.Module):
    def __init__(self, dim, hidden, classes):
        super().__init__()
        self.inp = nn.Linear(dim, hidden)
        self.block = nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, hidden), nn.GELU())
        self.out = nn.Linear(hidden, classes)

    def forward(self, x):
        h = self.inp(x)
        return self.out(h + self.block(h))


FAMILIES = {
    "mlp": {"build": lambda d, c: nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, c)), "lr": 1e-2},
    "wide": {"build": lambda d, c: nn.Sequential(nn.Linear(d, 128), nn.Tanh(), nn.Linear(128, c)), "lr": 5e-3},
    "residual": {"build": lambda d, c: ResidualMLP(d, 24, c), "lr": 1e-2},
}


class ModelContract:
    family = None
    build = None
    lr = 1e-2
    dim, classes, steps = 6, 3, 6

    @classmethod
    def setUpClass(cls):
        torch.manual_seed(0)
        cls.model = cls.build(cls.dim, cls.classes)
        cls.optimizer = torch.optim.Adam(cls.model.parameters(), lr=cls.lr)
        cls.x = torch.randn(48, cls.dim)
        cls.y = (cls.x[:, 0] > 0).long() + (cls.x[:, 1] > 0).long()
        cls.losses = []
        for _ in range(cls.steps):
            loss = F.cross_entropy(cls.model(cls.x), cls.y)
            cls.optimizer.zero_grad()
            loss.backward()
            cls.optimizer.step()
            cls.losses.append(loss.item())

    def test_loss_decreases(self):
        self.assertLess(self.losses[-1], self.losses[0])

    def test_eval_is_deterministic(self):
        self.model.eval()
        with torch.no_grad():
            torch.testing.assert_close(self.model(self.x), self.model(self.x))

    def test_output_shape_and_finite(self):
        with torch.no_grad():
            out = self.model(self.x[:5])
        self.assertEqual(tuple(out.shape), (5, self.classes))
        self.assertTrue(torch.isfinite(out).all())


def make_contract_case(family, spec):
    namespace = {"family": family, "build": staticmethod(spec["build"]), "lr": spec["lr"]}
    return type(f"Test{family.title()}Contract", (ModelContract, unittest.TestCase), namespace)  # cycle


def main():
    loader = unittest.TestLoader()
    suite = unittest.TestSuite()
    for family, spec in FAMILIES.items():
        suite.addTests(loader.loadTestsFromTestCase(make_contract_case(family, spec)))
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    print(f"ran={result.testsRun} failures={len(result.failures)} errors={len(result.errors)}")
    for test, text in result.failures:
        print(" ", test.id(), text.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
