"""Golden-output regression tests for a 1-D conv denoiser; golden entries are keyed by the test's name."""
import inspect

import torch
import torch.nn as nn

GOLDEN_PREFIX = "golden/denoiser"


def golden_key(suffix=""):
    frames = inspect.stack(context=0)  # cycle
    test_frame = next((info for info in frames if info.function.startswith("test_")), frames[1])
    return f"{GOLDEN_PREFIX}/{test_frame.function}{suffix}"


class GoldenStore:
    def __init__(self, atol=1e-5, head=16):
        self.entries = {}
        self.atol = atol
        self.head = head
        self.recorded = 0
        self.compared = 0

    def check(self, key, actual):
        values = actual.detach().flatten()[: self.head].tolist()
        if key not in self.entries:
            self.entries[key] = values
            self.recorded += 1
            return
        worst = max(abs(a - b) for a, b in zip(values, self.entries[key]))
        assert worst <= self.atol, f"{key}: max abs diff {worst:.3e} > {self.atol}"
        self.compared += 1


# --- fixtures (plain functions, conftest style) ---------------------------------------------
def make_denoiser(seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Conv1d(1, 8, 5, padding=2), nn.Tanh(), nn.Conv1d(8, 1, 5, padding=2))


def make_noisy_signal(seed, length=64):
    gen = torch.Generator().manual_seed(seed + 1)
    t = torch.linspace(0, 6.28, length)
    return (torch.sin(t) + 0.1 * torch.randn(length, generator=gen)).view(1, 1, length)


# --- tests ------------------------------------------------------------------------------------
def test_forward_matches_golden(denoiser, signal, store):
    store.check(golden_key(), denoiser(signal))


def test_sgd_step_matches_golden(denoiser, signal, store):
    opt = torch.optim.SGD(denoiser.parameters(), lr=0.1)
    loss = (denoiser(signal) - signal).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    store.check(golden_key("_loss"), loss.reshape(1))
    store.check(golden_key("_after"), denoiser(signal))


def test_eval_output_is_bounded(denoiser, signal, store):
    with torch.no_grad():
        out = denoiser(signal)
    assert out.abs().max() < 10.0
    store.check(golden_key(), out)


TESTS = [test_forward_matches_golden, test_sgd_step_matches_golden, test_eval_output_is_bounded]


def run_tests(store, seed):
    failures = []
    for test in TESTS:
        fixtures = {"denoiser": make_denoiser(seed), "signal": make_noisy_signal(seed), "store": store}
        try:
            test(**fixtures)
        except AssertionError as err:
            failures.append(f"{test.__name__}: {err}")
    return failures


def main():
    store = GoldenStore()
    run_tests(store, seed=0)
    for attempt in range(2):
        failures = run_tests(store, seed=0)
        print(f"attempt {attempt}: recorded={store.recorded} compared={store.compared} failures={failures}")


if __name__ == "__main__":
    main()
