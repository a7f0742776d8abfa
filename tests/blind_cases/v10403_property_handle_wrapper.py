"""Randomized invariance checks for a DeepSets encoder with a small hypothesis-style @given helper."""
import functools
import random

import torch
import torch.nn as nn


class Strategy:
    def __init__(self, draw, label):
        self.draw = draw
        self.label = label


def integers(lo, hi):
    return Strategy(lambda rng: rng.randint(lo, hi), f"integers({lo}, {hi})")


class PropertyHandle:
    def __init__(self, test, strategies, max_examples, seed):
        self.test = test  # cycle
        self.strategies = strategies
        self.max_examples = max_examples
        self.seed = seed
        self.failures = []

    def reproduce(self, *args):
        return self.test.__wrapped__(*args)


def _run_examples(fn, strategies, max_examples, seed, failures):
    rng = random.Random(seed)
    for _ in range(max_examples):
        args = tuple(s.draw(rng) for s in strategies)
        try:
            fn(*args)
        except AssertionError as err:
            failures.append((args, str(err).splitlines()[0]))
    return max_examples - len(failures)


def given(*strategies, max_examples=8, seed=1234):
    def decorate(fn):
        failures = []

        @functools.wraps(fn)
        def run_property():
            return _run_examples(fn, strategies, max_examples, seed, failures)

        run_property.hypothesis = PropertyHandle(run_property, strategies, max_examples, seed)  # cycle
        run_property.hypothesis.failures = failures
        return run_property
    return decorate


class DeepSets(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden))
        self.rho = nn.Sequential(nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.rho(self.phi(x).mean(dim=-2))


def check_set_properties(encoder, dim):
    @given(integers(2, 9), integers(0, 10_000))
    def permutation_invariant(set_size, seed):
        gen = torch.Generator().manual_seed(seed)
        x = torch.randn(set_size, dim, generator=gen)
        perm = torch.randperm(set_size, generator=gen)
        torch.testing.assert_close(encoder(x), encoder(x[perm]), rtol=1e-4, atol=1e-5)

    @given(integers(1, 6), integers(0, 10_000), max_examples=5)
    def duplication_invariant(set_size, seed):
        x = torch.randn(set_size, dim, generator=torch.Generator().manual_seed(seed))
        torch.testing.assert_close(encoder(x), encoder(torch.cat([x, x])), rtol=1e-4, atol=1e-5)

    report = {}
    for prop in (permutation_invariant, duplication_invariant):
        passed = prop()
        report[prop.__name__] = (passed, prop.hypothesis.max_examples, prop.hypothesis.failures)
    return report


def main():
    for dim, hidden in [(3, 16), (5, 32), (8, 24)]:
        torch.manual_seed(dim)
        encoder = DeepSets(dim, hidden)
        opt = torch.optim.Adam(encoder.parameters(), lr=1e-2)
        for _ in range(5):
            sets = torch.randn(16, 6, dim)
            loss = (encoder(sets).squeeze(-1) - sets.sum(dim=(1, 2))).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        for name, (passed, total, failures) in check_set_properties(encoder, dim).items():
            print(f"dim={dim} {name}: {passed}/{total} passed", failures[:1])


if __name__ == "__main__":
    main()
