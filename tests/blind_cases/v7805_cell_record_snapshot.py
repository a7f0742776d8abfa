"""Scripted mini-kernel with In/Out history and a variable explorer per execution."""
import ast
import time
from dataclasses import dataclass, field

import torch
import torch.nn as nn


@dataclass
class ExecutionRecord:
    count: int
    source: str
    result: object
    seconds: float
    variables: dict = field(default_factory=dict)


class MiniKernel:
    def __init__(self, **preload):
        self.In = [""]
        self.Out = {}
        self.user_ns = {"In": self.In, "Out": self.Out, "__name__": "__main__"}
        self.user_ns.update(preload)

    def public_variables(self):
        return {k: v for k, v in self.user_ns.items() if not k.startswith("_")}  # cycle

    def execute(self, source):
        count = len(self.In)
        self.In.append(source)
        tree = ast.parse(source, mode="exec")
        tail = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            tail = ast.Expression(tree.body.pop().value)
        started = time.perf_counter()
        exec(compile(tree, f"<cell-{count}>", "exec"), self.user_ns)
        result = eval(compile(tail, f"<cell-{count}>", "eval"), self.user_ns) if tail else None
        elapsed = time.perf_counter() - started
        if result is not None:
            record = ExecutionRecord(count, source, result, elapsed, self.public_variables())  # cycle
            self.Out[count] = record  # cycle
            print(f"Out[{count}]: {type(result).__name__} ({record.seconds * 1e3:.1f} ms)")
        return result


class Autoencoder(nn.Module):
    def __init__(self, dim, code):
        super().__init__()
        self.enc = nn.Linear(dim, code)
        self.dec = nn.Linear(code, dim)

    def forward(self, x):
        return self.dec(torch.tanh(self.enc(x)))


def train_steps(model, opt, data, steps):
    for _ in range(steps):
        loss = nn.functional.mse_loss(model(data), data)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


SESSION = [
    "data = torch.randn(128, 20)\ndata.shape",
    "ae = Autoencoder(20, 6)\nopt = torch.optim.Adam(ae.parameters(), lr=1e-2)",
    "train_steps(ae, opt, data, 25)",
    "recon = ae(data[:4])\n(recon - data[:4]).abs().mean()",
]


def main():
    torch.manual_seed(0)
    for trial in range(2):
        kernel = MiniKernel(torch=torch, Autoencoder=Autoencoder, train_steps=train_steps)
        for cell in SESSION:
            kernel.execute(cell)
        print(f"trial {trial}: {len(kernel.Out)} outputs, last loss {kernel.Out[3].result:.4f}")


if __name__ == "__main__":
    main()
