"""Compare hidden sizes for a robust regressor on data with a few gross outliers."""
import torch

from model import RobustRegressor

HIDDEN_SIZES = [8, 16, 32]
REPORTS = {}


def make_data(n=100, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.rand(n, 1, generator=g) * 6 - 3
    y = torch.sin(x) + 0.2 * torch.randn(n, 1, generator=g)
    outliers = torch.rand(n, 1, generator=g) < 0.05
    return x, torch.where(outliers, y + 5.0, y)


def fit(hidden, train, val, epochs=30):
    torch.manual_seed(hidden)
    model = RobustRegressor(1, hidden)
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    for epoch in range(epochs):
        loss = model.nll(*train)
        opt.zero_grad()
        loss.backward()
        opt.step()
    val_nll = model.nll(*val)
    _, sigma, _ = model(val[0])
    return dict(model.diagnostics(sigma), train_nll=loss.item(), val_nll=val_nll.item())


def main():
    train, val = make_data(seed=0), make_data(n=40, seed=1)
    for hidden in HIDDEN_SIZES:
        REPORTS[hidden] = fit(hidden, train, val)
        print("hidden={:<3} train={train_nll:.3f} val={val_nll:.3f} sigma={sigma_mean:.3f}".format(
            hidden, **REPORTS[hidden]))


if __name__ == "__main__":
    main()
