"""L1-norm filter pruning that follows the dependency graph to keep shapes consistent."""
import torch
import torch.nn as nn


def _set_module(model, name, new):
    parent_name, _, attr = name.rpartition(".")
    parent = model.get_submodule(parent_name) if parent_name else model
    setattr(parent, attr, new)


@torch.no_grad()
def prune_conv_filters(model, graph, conv_name, ratio):
    node = graph.nodes[conv_name]
    conv = node.module
    n_keep = max(1, int(conv.out_channels * (1.0 - ratio)))
    scores = conv.weight.abs().flatten(1).sum(1)
    keep = scores.argsort(descending=True)[:n_keep].sort().values

    new_conv = nn.Conv2d(conv.in_channels, n_keep, conv.kernel_size, conv.stride, conv.padding, bias=conv.bias is not None)
    new_conv.weight.copy_(conv.weight[keep])
    if conv.bias is not None:
        new_conv.bias.copy_(conv.bias[keep])
    _set_module(model, conv_name, new_conv)

    for dep in graph.downstream_until(node, (nn.Conv2d, nn.Linear)):
        if len(dep.inputs) != 1:
            raise ValueError(f"{dep.name} merges several branches; not supported")
        m = dep.module
        if isinstance(m, nn.BatchNorm2d):
            bn = nn.BatchNorm2d(n_keep)
            for attr in ("weight", "bias", "running_mean", "running_var"):
                getattr(bn, attr).copy_(getattr(m, attr)[keep])
            _set_module(model, dep.name, bn)
        elif isinstance(m, nn.Conv2d):
            nxt = nn.Conv2d(n_keep, m.out_channels, m.kernel_size, m.stride, m.padding, bias=m.bias is not None)
            nxt.weight.copy_(m.weight[:, keep])
            if m.bias is not None:
                nxt.bias.copy_(m.bias)
            _set_module(model, dep.name, nxt)
    return conv.out_channels - n_keep
