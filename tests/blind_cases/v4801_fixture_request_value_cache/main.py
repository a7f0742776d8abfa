"""Smoke tests for a small classifier, run through the local fixture helpers."""
import torch
import torch.nn as nn

from fixtures import call_test, fixture, parametrize


class TrainHarness:
    """Builds the model lazily from the fixture graph and runs a few steps."""

    def __init__(self, request, lr=0.05):
        self.request = request  # cycle
        self.lr = lr
        self.losses = []

    @property
    def model(self):
        return self.request.getfixturevalue("model")

    @property
    def batch(self):
        return self.request.getfixturevalue("batch")

    def fit(self, steps):
        opt = torch.optim.SGD(self.model.parameters(), lr=self.lr)
        x, y = self.batch
        for _ in range(steps):
            loss = nn.functional.cross_entropy(self.model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            self.losses.append(loss.item())
        return self.losses


@fixture
def config():
    return {"in_dim": 12, "hidden": 32, "classes": 3}


@fixture
def model(config, width):
    return nn.Sequential(nn.Linear(config["in_dim"], config["hidden"] * width), nn.Tanh(),
                         nn.Linear(config["hidden"] * width, config["classes"]))


@fixture
def batch(config):
    g = torch.Generator().manual_seed(0)
    return torch.randn(24, config["in_dim"], generator=g), torch.randint(0, config["classes"], (24,), generator=g)


@fixture
def harness(request):
    return TrainHarness(request)


@parametrize("width", [1, 2, 4])
def test_loss_decreases(harness, width):
    losses = harness.fit(6)
    assert losses[-1] < losses[0], (width, losses)


@parametrize("width", [1, 2])
def test_output_shape(model, batch, width):
    x, _ = batch
    assert model(x).shape == (x.shape[0], 3)


def main():
    for test in (test_loss_decreases, test_output_shape):
        for params in test.param_sets:
            call_test(test, params)


if __name__ == "__main__":
    main()
