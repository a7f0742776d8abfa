"""FX-based architecture summary: output shape and own parameter count of every traced node."""
import dataclasses
from typing import List, Tuple

import torch
import torch.fx as fx
from torch.fx.passes.shape_prop import ShapeProp


@dataclasses.dataclass(frozen=True)
class Row:
    node: str
    op: str
    target: str
    shape: Tuple[int, ...]
    params: int


@dataclasses.dataclass
class Summary:
    rows: List[Row]

    @property
    def total_params(self) -> int:
        return sum(r.params for r in self.rows)

    def widest(self) -> Row:
        return max(self.rows, key=lambda r: torch.Size(r.shape).numel())

    def render(self) -> str:
        lines = [f"{r.node:<18}{r.op:<15}{str(r.shape):<18}{r.params:>8}" for r in self.rows]
        lines.append(f"{'total':<51}{self.total_params:>8}")
        return "\n".join(lines)


def _own_params(root: torch.nn.Module, node: fx.Node) -> int:
    if node.op != "call_module":
        return 0
    module = root.get_submodule(node.target)
    return sum(p.numel() for p in module.parameters(recurse=False))


def summarize(model: torch.nn.Module, example: torch.Tensor) -> Summary:
    traced = fx.symbolic_trace(model)  # cycle
    with torch.no_grad():
        ShapeProp(traced).propagate(example)
    rows = []
    for node in traced.graph.nodes:
        meta = node.meta.get("tensor_meta")
        if meta is None:
            continue
        rows.append(Row(node.name, node.op, str(node.target), tuple(meta.shape), _own_params(traced, node)))
    return Summary(rows)
