"""Deploy-time graph passes: fold BatchNorm into the preceding conv with torch.fx."""
import copy
import time

import torch
import torch.fx as fx
import torch.nn as nn


def _parent_name(target):
    *parent, name = target.rsplit(".", 1)
    return (parent[0] if parent else ""), name


def _fused_conv(conv, bn):
    fused = nn.Conv2d(conv.in_channels, conv.out_channels, conv.kernel_size,
                      stride=conv.stride, padding=conv.padding, groups=conv.groups, bias=True)
    with torch.no_grad():
        std = (bn.running_var + bn.eps).sqrt()
        scale = bn.weight / std
        fused.weight.copy_(conv.weight * scale.reshape(-1, 1, 1, 1))
        bias = conv.bias if conv.bias is not None else torch.zeros_like(bn.running_mean)
        fused.bias.copy_((bias - bn.running_mean) * scale + bn.bias)
    return fused


def fold_conv_bn(model):
    """Return a traced copy of ``model`` in which every Conv2d -> BatchNorm2d pair is one conv."""
    frozen = copy.deepcopy(model).eval()
    gm = fx.symbolic_trace(frozen)  # cycle
    modules = dict(gm.named_modules())
    for node in list(gm.graph.nodes):
        if node.op != "call_module" or not isinstance(modules[node.target], nn.BatchNorm2d):
            continue
        prev = node.args[0]
        if prev.op != "call_module" or not isinstance(modules[prev.target], nn.Conv2d):
            continue
        if len(prev.users) > 1:
            continue
        fused = _fused_conv(modules[prev.target], modules[node.target])
        parent, name = _parent_name(prev.target)
        setattr(modules[parent], name, fused)
        node.replace_all_uses_with(prev)
        gm.graph.erase_node(node)
    gm.graph.lint()
    gm.recompile()
    return gm


@torch.no_grad()
def deploy_report(model, deployed, batch, repeats=3):
    model.eval()
    ref = model(batch)
    start = time.perf_counter()
    for _ in range(repeats):
        out = deployed(batch)
    latency = (time.perf_counter() - start) / repeats
    model.train()
    return {"max_abs_err": float((out - ref).abs().max()), "latency_ms": latency * 1e3}
