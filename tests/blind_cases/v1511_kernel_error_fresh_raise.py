"""Feed-forward block that uses a cached "fused" bias+GELU kernel when the width allows it."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

_DISPATCH = {}


class FusedOpUnavailable(RuntimeError):
    pass


def _fused_bias_gelu(x, bias, *, approximate):
    return F.gelu(x + bias, approximate=approximate)


def _raise_unavailable(exc_type, message, *args, **kwargs):
    raise exc_type(message)


def _check_support(width, dtype):
    if width % 8:
        raise FusedOpUnavailable(f"fused bias_gelu needs width % 8 == 0, got {width}")
    if not dtype.is_floating_point:
        raise FusedOpUnavailable(f"unsupported dtype {dtype}")


def lookup(width, dtype):
    key = (width, dtype)
    op = _DISPATCH.get(key)
    if op is None:
        try:
            _check_support(width, dtype)
        except FusedOpUnavailable as err:
            op = functools.partial(_raise_unavailable, type(err), str(err))
        else:
            op = functools.partial(_fused_bias_gelu, approximate="tanh")
        _DISPATCH[key] = op
    return op


class FeedForward(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.up = nn.Linear(dim, hidden, bias=False)
        self.up_bias = nn.Parameter(torch.zeros(hidden))
        self.down = nn.Linear(hidden, dim)
        self.unfused_calls = 0

    def forward(self, x):
        h = self.up(x)
        try:
            h = lookup(h.shape[-1], h.dtype)(h, self.up_bias)
        except FusedOpUnavailable:
            self.unfused_calls += 1
            h = F.gelu(h + self.up_bias)
        return x + self.down(h)


def main():
    torch.manual_seed(6)
    model = nn.Sequential(FeedForward(16, 36), nn.LayerNorm(16), FeedForward(16, 64), nn.Linear(16, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(4):
        x, y = torch.randn(8, 16), torch.randint(0, 2, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    assert model[0].unfused_calls == 4 and model[2].unfused_calls == 0


if __name__ == "__main__":
    main()
