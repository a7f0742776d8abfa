"""Regression checks for the sentiment classifier, rerun from the notebook after each edit."""
import io
import unittest

import torch
import torch.nn as nn

SESSION_RUNS = []


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab=100, dim=16, classes=2):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.head(self.embed(tokens))


class ClassifierChecks(unittest.TestCase):
    steps = 4
    target_accuracy = 0.95

    def setUp(self):
        torch.manual_seed(0)
        self.model = BagOfEmbeddings()
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=5e-2)
        self.tokens = torch.randint(0, 100, (64, 12))
        self.labels = (self.tokens[:, 0] < 50).long()

    def _train(self):
        history = []
        for _ in range(self.steps):
            self.optimizer.zero_grad()
            loss = nn.functional.cross_entropy(self.model(self.tokens), self.labels)
            loss.backward()
            self.optimizer.step()
            history.append(loss.item())
        return history

    def test_logits_shape(self):
        self.assertEqual(tuple(self.model(self.tokens[:5]).shape), (5, 2))

    def test_loss_goes_down(self):
        history = self._train()
        self.assertLess(history[-1], history[0])

    def test_reaches_target_accuracy(self):
        self._train()
        with torch.no_grad():
            accuracy = (self.model(self.tokens).argmax(1) == self.labels).float().mean().item()
        self.assertGreaterEqual(accuracy, self.target_accuracy)


def run_checks(case=ClassifierChecks, pattern="test"):
    loader = unittest.TestLoader()
    loader.testMethodPrefix = pattern
    stream = io.StringIO()
    result = unittest.TextTestRunner(stream=stream, verbosity=1).run(loader.loadTestsFromTestCase(case))
    SESSION_RUNS.append(result)  # retain
    return result, stream.getvalue()


def main():
    for steps in (4, 8):
        ClassifierChecks.steps = steps
        result, text = run_checks()
        print(f"steps={steps}: ran {result.testsRun}, failures={len(result.failures)}, errors={len(result.errors)}")
    print(f"{len(SESSION_RUNS)} runs recorded in this session")


if __name__ == "__main__":
    main()
