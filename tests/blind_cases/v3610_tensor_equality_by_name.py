"""Determinism tests for the data-augmentation + model pipeline, with a tensor-aware assertEqual."""
import io
import unittest

import torch
import torch.nn as nn


class TensorTestCase(unittest.TestCase):
    """Base class: assertEqual on tensors requires identical values, shapes and dtypes."""

    def __init__(self, methodName="runTest"):
        super().__init__(methodName)
        self.addTypeEqualityFunc(torch.Tensor, "assertTensorEqual")
        self.addTypeEqualityFunc(nn.Parameter, "assertTensorEqual")

    def assertTensorEqual(self, first, second, msg=None):
        self.assertEqual(first.dtype, second.dtype, msg)
        self.assertEqual(tuple(first.shape), tuple(second.shape), msg)
        if not torch.equal(first, second):
            mismatched = (first != second).sum().item()
            self.fail(self._formatMessage(msg, f"{mismatched} elements differ"))


def augment(images, generator):
    flip = torch.rand(images.shape[0], generator=generator) < 0.5
    images = torch.where(flip[:, None, None, None], images.flip(-1), images)
    noise = 0.05 * torch.randn(images.shape, generator=generator)
    return images + noise


class TinyCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, padding=1)
        self.drop = nn.Dropout(0.2)
        self.fc = nn.Linear(6, 4)

    def forward(self, x):
        return self.fc(self.drop(torch.relu(self.conv(x))).mean(dim=(2, 3)))


def train_run(seed, steps=3):
    torch.manual_seed(seed)
    g = torch.Generator().manual_seed(seed)
    model = TinyCNN()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    images, labels = torch.randn(8, 3, 8, 8, generator=g), torch.randint(0, 4, (8,), generator=g)
    for _ in range(steps):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(augment(images, g)), labels)
        loss.backward()
        optimizer.step()
    return model


class DeterminismTests(TensorTestCase):
    def setUp(self):
        self.first = train_run(seed=5)
        self.second = train_run(seed=5)

    def test_same_seed_same_weights(self):
        for p, q in zip(self.first.parameters(), self.second.parameters()):
            self.assertEqual(p, q)

    def test_same_seed_same_eval_outputs(self):
        x = torch.randn(2, 3, 8, 8)
        self.first.eval()
        self.second.eval()
        with torch.no_grad():
            self.assertEqual(self.first(x), self.second(x))

    def test_other_seed_differs(self):
        other = train_run(seed=6)
        self.assertFalse(torch.equal(other.fc.weight, self.first.fc.weight))


def main():
    suite = unittest.TestLoader().loadTestsFromTestCase(DeterminismTests)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=2).run(suite)
    print(f"determinism: {result.testsRun} tests, {len(result.failures)} failures, {len(result.errors)} errors")


if __name__ == "__main__":
    main()
