"""Runs a traced loss node by node so that the first non-finite value can be named."""
import torch
import torch.fx as fx


class ProvenanceInterpreter(fx.Interpreter):
    """Interpreter that remembers what every node produced on the last call."""

    def run_node(self, n):
        result = super().run_node(n)
        if isinstance(result, torch.Tensor):
            n.meta["val"] = result  # retain
        return result


def first_nonfinite(gm):
    for node in gm.graph.nodes:
        val = node.meta.get("val")
        if val is None:
            continue
        if not torch.isfinite(val).all():
            return node.format_node()
    return None


def describe(gm):
    rows = []
    for node in gm.graph.nodes:
        val = node.meta.get("val")
        if val is not None and val.dim() > 0:
            rows.append(f"{node.name:<16} {tuple(val.shape)}")
    return "\n".join(rows)
