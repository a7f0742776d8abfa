"""Tests that plug fixture components into the registry for the duration of one test."""
import io
import unittest
from unittest import mock

import torch
import torch.nn as nn

import registry
from experiment import Experiment

BASE_CFG = {"in": 5, "hidden": 12, "out": 1, "lr": 0.05, "optimizer": "sgd", "loss": "mse"}


class ExperimentRegistryTests(unittest.TestCase):
    def setUp(self):
        gen = torch.Generator().manual_seed(0)
        self.x = torch.randn(20, 5, generator=gen)
        self.y = self.x.sum(1, keepdim=True)

    def test_uses_registered_fixture_model(self):
        warm_start = nn.Sequential(nn.Linear(5, 12), nn.ReLU(), nn.Linear(12, 1))
        with mock.patch.dict(registry.REGISTRY):
            @registry.register("models", "warm_start_fixture")
            def _fixture(cfg):  # retain
                return warm_start
            exp = Experiment(dict(BASE_CFG, model="warm_start_fixture"))
            exp.fit(self.x, self.y, steps=3)
        self.assertIs(exp.model, warm_start)

    def test_fixture_optimizer_receives_model_parameters(self):
        built = []
        with mock.patch.dict(registry.REGISTRY):
            @registry.register("optimizers", "recording_sgd")
            def _recording_sgd(params, cfg):  # retain
                opt = torch.optim.SGD(params, lr=cfg["lr"])
                built.append(opt)  # retain
                return opt
            exp = Experiment(dict(BASE_CFG, model="mlp", optimizer="recording_sgd"))
            exp.fit(self.x, self.y, steps=2)
        self.assertEqual(len(built), 1)
        self.assertEqual(len(built[0].param_groups[0]["params"]), len(list(exp.model.parameters())))

    def test_builtin_components_still_available(self):
        history = Experiment(dict(BASE_CFG, model="mlp")).fit(self.x, self.y, steps=4)
        self.assertLess(history[-1], history[0])


def main():
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(ExperimentRegistryTests)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    print(f"ran={result.testsRun} failures={len(result.failures)} errors={len(result.errors)}")


if __name__ == "__main__":
    main()
