"""Lazily evaluated covariance operators with memoized factorizations (GPyTorch-style)."""
import functools

import torch


def cached(name):
    def decorator(method):
        @functools.wraps(method)
        def wrapper(self):
            memo = self._memo
            if name not in memo:
                memo[name] = method(self)  # cycle
            return memo[name]
        return wrapper
    return decorator


def psd_safe_cholesky(mat, jitter=1e-6, max_tries=4):
    eye = torch.eye(mat.shape[-1], dtype=mat.dtype)
    for attempt in range(max_tries):
        added = jitter * (10 ** attempt)
        factor, info = torch.linalg.cholesky_ex(mat + added * eye)
        if int(info) == 0:
            return factor, added
    raise RuntimeError(f"matrix not positive definite after jitter {added:.1e}")


class CovarianceOperator:
    def __init__(self, x1, x2, kernel, noise=None):
        self.x1, self.x2 = x1, x2
        self.kernel = kernel
        self.noise = noise
        self._memo = {}  # cycle

    @cached("dense")
    def to_dense(self):
        cov = self.kernel(self.x1, self.x2)
        if self.noise is not None:
            cov = cov + self.noise * torch.eye(cov.shape[0], dtype=cov.dtype)
        return cov

    @cached("cholesky")
    def cholesky(self):
        factor, jitter = psd_safe_cholesky(self.to_dense())
        return CholeskyFactor(self, factor, jitter)


class CholeskyFactor:
    def __init__(self, operator, factor, jitter):
        self.operator = operator  # cycle
        self.L = factor
        self.jitter = jitter

    def solve(self, rhs):
        return torch.cholesky_solve(rhs, self.L)

    def inv_quad_logdet(self, rhs):
        return (rhs * self.solve(rhs)).sum(), 2 * self.L.diagonal().log().sum()

    def condition_estimate(self):
        diag = self.L.diagonal()
        return float((diag.max() / diag.min()) ** 2), self.jitter, len(self.operator.x1)
