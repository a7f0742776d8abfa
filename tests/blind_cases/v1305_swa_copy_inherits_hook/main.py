"""Train a few seeds of a small regressor with an EMA copy and compare the two on held-out data."""
import torch
import torch.nn as nn

from averaging import WeightAveraging


class Regressor(nn.Module):
    def __init__(self, n_in=8, width=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, width), nn.SiLU(), nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x)


def make_batches(n, seed, batch_size=32):
    gen = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n):
        x = torch.randn(batch_size, 8, generator=gen)
        out.append((x, (x[:, :3].sum(dim=1, keepdim=True)).sin()))
    return out


def fit(seed, epochs=3):
    torch.manual_seed(seed)
    model = Regressor()
    averaging = WeightAveraging(decay=0.9)
    averaging.setup(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    loss_fn = nn.MSELoss()
    for epoch in range(epochs):
        model.train()
        for x, y in make_batches(4, seed * 100 + epoch):
            loss = loss_fn(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            averaging.on_train_batch_end(model)
    held_out = make_batches(2, 9999)
    with torch.no_grad():
        model.eval()
        raw = sum(loss_fn(model(x), y).item() for x, y in held_out) / len(held_out)
    return raw, averaging.evaluate(held_out, loss_fn)


def main():
    return [fit(seed) for seed in range(2)]


if __name__ == "__main__":
    main()
