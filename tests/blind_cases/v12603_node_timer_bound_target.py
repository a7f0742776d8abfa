"""Per-op timing of a functional MLP by instrumenting its FX graph."""
import collections
import time

import torch
import torch.fx as fx
import torch.nn.functional as F


def mlp_forward(x, w1, b1, w2, b2, w3, b3):
    h = F.gelu(F.linear(x, w1, b1))
    h = F.layer_norm(h, (h.shape[-1],))
    h = F.gelu(F.linear(h, w2, b2))
    return F.linear(h, w3, b3)


class NodeTimer:
    """Inserts a timestamp call after every call_function node of a GraphModule."""

    def __init__(self, gm):
        self.gm = gm  # cycle
        self.totals = collections.defaultdict(float)
        self.calls = collections.Counter()
        self._t_last = None
        self._instrument()

    def _instrument(self):
        graph = self.gm.graph
        stamp = self._stamp
        for node in list(graph.nodes):
            if node.op != "call_function":
                continue
            with graph.inserting_after(node):
                probe = graph.call_function(stamp, (node, node.name))  # cycle
            node.replace_all_uses_with(probe)
            probe.args = (node, node.name)
        self.gm.recompile()  # cycle

    def _stamp(self, value, name):
        now = time.perf_counter()
        if self._t_last is not None:
            self.totals[name] += now - self._t_last
        self.calls[name] += 1
        self._t_last = now
        return value

    def start_step(self):
        self._t_last = time.perf_counter()

    def report(self, top=3):
        ranked = sorted(self.totals.items(), key=lambda kv: -kv[1])[:top]
        return ", ".join(f"{k}={v * 1e3:.2f}ms/{self.calls[k]}" for k, v in ranked)


def init_params(dims, seed):
    gen = torch.Generator().manual_seed(seed)
    params = []
    for d_in, d_out in zip(dims[:-1], dims[1:]):
        params.append((torch.randn(d_out, d_in, generator=gen) / d_in ** 0.5).requires_grad_())
        params.append(torch.zeros(d_out, requires_grad=True))
    return params


def main():
    params = init_params([16, 32, 32, 4], seed=0)
    opt = torch.optim.Adam(params, lr=1e-3)
    for epoch in range(3):
        gm = fx.symbolic_trace(mlp_forward)
        timer = NodeTimer(gm)
        for step in range(4):
            x, y = torch.randn(8, 16), torch.randn(8, 4)
            timer.start_step()
            loss = F.mse_loss(gm(x, *params), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.4f} slowest: {timer.report()}")


if __name__ == "__main__":
    main()
