"""Activation-statistics probes: each probed layer feeds a primed coroutine from a forward hook."""
import torch.nn as nn


def activation_stats(name, module, table, momentum=0.9):
    rms_avg, calls = None, 0
    while True:
        output = yield
        rms = float(output.detach().pow(2).mean().sqrt())
        rms_avg = rms if rms_avg is None else momentum * rms_avg + (1 - momentum) * rms
        calls += 1
        weight_norm = float(module.weight.detach().norm())
        table[name] = {"rms": rms_avg, "rms_per_weight": rms_avg / max(weight_norm, 1e-8), "calls": calls}


def attach_probes(model, kinds=(nn.Linear, nn.Conv2d)):
    table = {}
    for name, module in model.named_modules():
        if isinstance(module, kinds):
            consumer = activation_stats(name, module, table)  # cycle
            next(consumer)
            module.register_forward_hook(lambda mod, inputs, output, c=consumer: c.send(output))  # cycle
    return table


def format_table(table):
    return "\n".join(
        f"  {name:<10} rms={row['rms']:.3f} rms/|W|={row['rms_per_weight']:.4f} calls={row['calls']}"
        for name, row in sorted(table.items())
    )
