"""Fits the kernel lengthscale of a kernel-ridge predictor by gradient descent."""
import torch
import torch.nn as nn

from caching import TermCacheMixin


class KernelRidgePredictor(TermCacheMixin):
    def __init__(self, train_x, train_y, lengthscale, noise=1e-2):
        self.train_x = train_x
        self.train_y = train_y
        self.lengthscale = lengthscale
        self.noise = noise

    def kernel(self, a, b):
        return torch.exp(-0.5 * (torch.cdist(a, b) / self.lengthscale).pow(2))

    def _solve_weights(self):
        k = self.kernel(self.train_x, self.train_x)
        k = k + self.noise * torch.eye(len(self.train_x))
        return torch.linalg.solve(k, self.train_y)

    @property
    def weights(self):
        return self.cached_term("weights", self._solve_weights)

    def predict(self, test_x):
        return self.kernel(test_x, self.train_x) @ self.weights


def fit_step(log_ls, opt, data):
    train_x, train_y, query_x, query_y = data
    predictor = KernelRidgePredictor(train_x, train_y, log_ls.exp())
    loss = (predictor.predict(query_x) - query_y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def validate(log_ls, data):
    train_x, train_y, query_x, query_y = data
    predictor = KernelRidgePredictor(train_x, train_y, log_ls.exp())
    return (predictor.predict(query_x) - query_y).pow(2).mean().item()


def main():
    torch.manual_seed(0)
    x = torch.rand(24, 2)
    y = torch.sin(3 * x).sum(1)
    data = (x[:16], y[:16], x[16:], y[16:])
    log_ls = nn.Parameter(torch.zeros(()))
    opt = torch.optim.Adam([log_ls], lr=0.05)
    for epoch in range(3):
        fit_step(log_ls, opt, data)
        validate(log_ls, data)


if __name__ == "__main__":
    main()
