"""Replays a scratch session (cells saved from an interactive console) against a fresh model.

Cells run through code.InteractiveInterpreter so that a failing cell produces the
familiar console traceback, which is collected in the replay log, and the replay
simply continues with the next cell.
"""
import code
import sys

import torch
import torch.nn as nn


class ReplayConsole(code.InteractiveInterpreter):
    def __init__(self, namespace):
        super().__init__(locals=namespace)
        self.error_log = []

    def write(self, data):
        self.error_log.append(data)
        sys.stderr.write(data)

    def run_cells(self, cells):
        for index, source in enumerate(cells, 1):
            compiled = compile(source, f"<scratch-{index}>", "exec")
            self.runcode(compiled)  # retain
        return len(self.error_log)


class GatedMLP(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.proj = nn.Linear(dim, 2 * hidden)
        self.out = nn.Linear(hidden, dim)

    def forward(self, x):
        a, b = self.proj(x).chunk(2, dim=-1)
        return self.out(a * torch.sigmoid(b))


def train(model, opt, x, steps):
    for _ in range(steps):
        loss = (model(x) - x.roll(1, dims=-1)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def check_gradients(model, x, max_norm):
    loss = model(x).pow(2).mean()
    loss.backward()
    norms = {name: p.grad.norm().item() for name, p in model.named_parameters()}
    worst = max(norms, key=norms.get)
    if norms[worst] > max_norm:
        raise FloatingPointError(f"gradient norm of {worst} is {norms[worst]:.2f}")
    return norms


SCRATCH = [
    "x = torch.randn(64, 16)\nmodel = GatedMLP(16, 32)",
    "opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)",
    "print('loss after warmup', round(train(model, opt, x, 10), 4))",
    "norms = check_gradients(model, 10 * x, max_norm=1.0)",
    "model.zero_grad(set_to_none=True)\nprint('loss after more steps', round(train(model, opt, x, 10), 4))",
]


def main():
    torch.manual_seed(0)
    console = ReplayConsole({"torch": torch, "GatedMLP": GatedMLP, "train": train,
                             "check_gradients": check_gradients})
    failed = console.run_cells(SCRATCH)
    print(f"replayed {len(SCRATCH)} cells, {failed} failed")


if __name__ == "__main__":
    main()
