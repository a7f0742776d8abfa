"""Randomized checks for a Siamese pair scorer; the @given helper keeps the undecorated test on its handle."""
import functools
import random

import torch
import torch.nn as nn


def sampled_from(values):
    values = tuple(values)
    return lambda rng: rng.choice(values)


def integers(lo, hi):
    return lambda rng: rng.randint(lo, hi)


class PropertyHandle:
    def __init__(self, inner_test, draws, max_examples, seed):
        self.inner_test = inner_test
        self.draws = draws
        self.max_examples = max_examples
        self.seed = seed
        self.falsifying = []

    def reproduce(self, *args):
        return self.inner_test(*args)


def given(*draws, max_examples=6, seed=2024):
    def decorate(fn):
        handle = PropertyHandle(fn, draws, max_examples, seed)

        @functools.wraps(fn)
        def run_property():
            rng = random.Random(handle.seed)
            for _ in range(handle.max_examples):
                args = tuple(draw(rng) for draw in handle.draws)
                try:
                    handle.inner_test(*args)
                except AssertionError as err:
                    handle.falsifying.append((args, type(err).__name__))
            return handle.max_examples - len(handle.falsifying)

        run_property.hypothesis = handle
        return run_property
    return decorate


class PairScorer(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.encode = nn.Sequential(nn.Linear(dim, hidden), nn.Tanh(), nn.Linear(hidden, hidden))
        self.out = nn.Linear(hidden, 1)

    def forward(self, a, b):
        ea, eb = self.encode(a), self.encode(b)
        return self.out(ea * eb + (ea - eb).abs()).squeeze(-1)


def check_pair_properties(scorer, dim):
    @given(integers(1, 8), integers(0, 9_999))
    def symmetric(batch, seed):
        gen = torch.Generator().manual_seed(seed)
        a, b = torch.randn(batch, dim, generator=gen), torch.randn(batch, dim, generator=gen)
        torch.testing.assert_close(scorer(a, b), scorer(b, a))

    @given(integers(2, 8), sampled_from([0, 1]), integers(0, 9_999))
    def batch_independent(batch, row, seed):
        gen = torch.Generator().manual_seed(seed)
        a, b = torch.randn(batch, dim, generator=gen), torch.randn(batch, dim, generator=gen)
        full = scorer(a, b)[row]
        torch.testing.assert_close(full, scorer(a[row:row + 1], b[row:row + 1])[0], rtol=1e-4, atol=1e-5)

    return {prop.__name__: (prop(), prop.hypothesis.max_examples) for prop in (symmetric, batch_independent)}


def main():
    for dim in (4, 6, 10):
        torch.manual_seed(dim)
        scorer = PairScorer(dim, hidden=2 * dim)
        opt = torch.optim.SGD(scorer.parameters(), lr=0.05)
        for _ in range(4):
            a, b = torch.randn(32, dim), torch.randn(32, dim)
            target = (a * b).sum(-1).sign()
            loss = nn.functional.soft_margin_loss(scorer(a, b), target)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(dim, check_pair_properties(scorer, dim))


if __name__ == "__main__":
    main()
