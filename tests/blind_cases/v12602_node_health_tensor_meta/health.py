"""Per-node health check for traced regularizers."""
import torch
import torch.fx as fx
from torch.fx.passes.shape_prop import _extract_tensor_metadata


class HealthInterpreter(fx.Interpreter):
    """Interpreter that annotates every tensor-producing node with its metadata."""

    def run_node(self, n):
        result = super().run_node(n)
        if isinstance(result, torch.Tensor):
            n.meta["tensor_meta"] = _extract_tensor_metadata(result)
            n.meta["nonfinite"] = int((~torch.isfinite(result)).sum())
        return result


def unhealthy_nodes(gm):
    return [n.name for n in gm.graph.nodes if n.meta.get("nonfinite", 0) > 0]


def shape_table(gm):
    lines = []
    for n in gm.graph.nodes:
        meta = n.meta.get("tensor_meta")
        if meta is not None:
            lines.append(f"{n.name:<14} {tuple(meta.shape)} {meta.dtype}")
    return "\n".join(lines)
