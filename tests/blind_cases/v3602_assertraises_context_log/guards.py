"""Numerical guards used by the trainer, plus test-suite helpers that exercise them."""
import torch


class NonFiniteLossError(FloatingPointError):
    """Raised when a loss or gradient norm is NaN or infinite."""


def check_loss(loss):
    if not torch.isfinite(loss).all():
        raise NonFiniteLossError(f"loss is {loss.item()}")
    return loss


def check_grad_norm(parameters, max_norm=1e4):
    norm = torch.nn.utils.clip_grad_norm_(parameters, max_norm=float("inf"))
    if not torch.isfinite(norm) or norm > max_norm:
        raise NonFiniteLossError(f"gradient norm is {norm.item():.3g}")
    return float(norm)


class GuardAssertionsMixin:
    """Adds assertGuardTrips() and prints the collected guard messages in verbose runs."""

    verbose_guards = False

    def setUp(self):
        super().setUp()
        self._guard_checks = []  # cycle

    def assertGuardTrips(self, fn, *args, exc_type=NonFiniteLossError, **kwargs):
        context = self.assertRaises(exc_type)  # cycle
        with context:
            fn(*args, **kwargs)
        self._guard_checks.append(context)  # cycle
        return context.exception

    def tearDown(self):
        if self.verbose_guards:
            for context in self._guard_checks:
                print(f"{self.id()}: {type(context.exception).__name__}: {context.exception}")
        super().tearDown()
