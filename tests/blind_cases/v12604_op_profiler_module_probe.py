"""Per-op timing of a functional residual block, instrumented through its FX graph."""
import collections
import time

import torch
import torch.fx as fx
import torch.nn.functional as F

_TIMES = collections.defaultdict(float)
_CLOCK = {"last": None}


def _probe(value, tag):
    now = time.perf_counter()
    if _CLOCK["last"] is not None:
        _TIMES[tag] += now - _CLOCK["last"]
    _CLOCK["last"] = now
    return value


def residual_block(x, w_in, w_out, gamma, beta):
    h = F.layer_norm(x, (x.shape[-1],), gamma, beta)
    h = F.silu(F.linear(h, w_in))
    h = F.dropout(h, p=0.1, training=True)
    return x + F.linear(h, w_out)


def instrument(gm):
    graph = gm.graph
    for node in list(graph.nodes):
        if node.op != "call_function":
            continue
        with graph.inserting_after(node):
            probe = graph.call_function(_probe, (node, node.name))
        node.replace_all_uses_with(probe)
        probe.args = (node, node.name)
    gm.recompile()
    return gm


def pop_report(top=3):
    ranked = sorted(_TIMES.items(), key=lambda kv: -kv[1])[:top]
    _TIMES.clear()
    _CLOCK["last"] = None
    return ", ".join(f"{k}={v * 1e3:.2f}ms" for k, v in ranked)


class BlockParams:
    def __init__(self, dim, hidden, seed):
        gen = torch.Generator().manual_seed(seed)
        self.w_in = (torch.randn(hidden, dim, generator=gen) * dim ** -0.5).requires_grad_()
        self.w_out = (torch.randn(dim, hidden, generator=gen) * hidden ** -0.5).requires_grad_()
        self.gamma = torch.ones(dim, requires_grad=True)
        self.beta = torch.zeros(dim, requires_grad=True)

    def as_args(self):
        return [self.w_in, self.w_out, self.gamma, self.beta]


def main():
    cfg = {"dim": 12, "hidden": 48, "epochs": 3, "steps": 4, "lr": 3e-3}
    params = BlockParams(cfg["dim"], cfg["hidden"], seed=1)
    opt = torch.optim.AdamW(params.as_args(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        block = instrument(fx.symbolic_trace(residual_block))
        for _ in range(cfg["steps"]):
            x = torch.randn(6, cfg["dim"])
            _CLOCK["last"] = time.perf_counter()
            out = block(x, *params.as_args())
            loss = (out - x.flip(0)).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.4f} slowest: {pop_report()}")


if __name__ == "__main__":
    main()
