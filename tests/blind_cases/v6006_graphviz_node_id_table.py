"""Writes the autograd graph of selected training losses into one DOT file for inspection."""
import io
import itertools

import torch
import torch.nn as nn

# Node names must stay unique across every graph written to the same file;
# id() values get reused once a graph is freed, so names come from a counter.
_NODE_NAMES = {}
_counter = itertools.count()


def node_name(fn):
    name = _NODE_NAMES.get(fn)
    if name is None:
        name = f"n{next(_counter)}"
        _NODE_NAMES[fn] = name  # retain
    return name


def node_label(fn, param_names):
    if hasattr(fn, "variable"):
        var = fn.variable
        return f"{param_names.get(id(var), '?')}\\n{tuple(var.shape)}"
    return type(fn).__name__.replace("Backward0", "")


def write_graph(out, root, param_names, title):
    out.write(f'digraph "{title}" {{\n  node [shape=box, fontsize=10];\n')
    seen, stack = set(), [root.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        out.write(f'  {node_name(fn)} [label="{node_label(fn, param_names)}"];\n')
        for next_fn, _ in fn.next_functions:
            if next_fn is not None:
                out.write(f"  {node_name(next_fn)} -> {node_name(fn)};\n")
                stack.append(next_fn)
    out.write("}\n")
    return len(seen)


class Regressor(nn.Module):
    def __init__(self, d_in=6, hidden=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU())
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.body(x)).squeeze(-1)


def run(seed, dot_file, steps=6, dump_every=3):
    torch.manual_seed(seed)
    model = Regressor()
    names = {id(p): n for n, p in model.named_parameters()}
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for step in range(steps):
        x = torch.randn(32, 6)
        loss = nn.functional.smooth_l1_loss(model(x), x.sum(-1))
        if step % dump_every == 0:
            write_graph(dot_file, loss, names, title=f"seed{seed}_step{step}")
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    dot_file = io.StringIO()
    losses = [run(seed, dot_file) for seed in range(3)]
    print(f"{dot_file.getvalue().count('digraph')} graphs, final losses {[round(l, 3) for l in losses]}")


if __name__ == "__main__":
    main()
