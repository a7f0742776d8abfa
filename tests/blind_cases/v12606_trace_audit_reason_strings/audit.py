"""FX traceability audit; keeps a short reason for every rejected candidate."""
import traceback

import torch.fx as fx
from torch.fx.proxy import TraceError

REJECTED = {}


def op_histogram(gm):
    hist = {}
    for node in gm.graph.nodes:
        if node.op in ("call_function", "call_method", "call_module"):
            hist[node.op] = hist.get(node.op, 0) + 1
    return hist


def audit(prototypes):
    accepted = {}
    for name, proto in prototypes.items():
        try:
            gm = fx.symbolic_trace(proto)
        except TraceError as err:
            REJECTED[name] = "".join(traceback.format_exception_only(type(err), err)).strip()
            continue
        accepted[name] = op_histogram(gm)
    return accepted
