"""Permutation specs and weight matching for MLPs (Git Re-Basin style)."""
from dataclasses import dataclass, field

import torch


@dataclass(eq=False)
class PermGroup:
    name: str
    size: int
    axes: list = field(default_factory=list)
    perm: torch.Tensor = None


@dataclass(eq=False)
class Axis:
    param: str
    dim: int
    group: PermGroup

    def __post_init__(self):
        self.group.axes.append(self)  # cycle


class PermutationSpec:
    def __init__(self):
        self.groups = {}
        self.param_axes = {}

    def add_param(self, name, *dims):
        axes = []
        for dim, group_name in enumerate(dims):
            group = self.groups.get(group_name)
            axes.append(None if group is None else Axis(name, dim, group))  # cycle
        self.param_axes[name] = axes


def mlp_spec(state_dict, n_layers):
    spec = PermutationSpec()
    for i in range(n_layers - 1):
        size = state_dict[f"{2 * i}.weight"].shape[0]
        spec.groups[f"P{i}"] = PermGroup(f"P{i}", size, perm=torch.arange(size))  # cycle
    for i in range(n_layers):
        prev = f"P{i - 1}" if i > 0 else None
        out = f"P{i}" if i < n_layers - 1 else None
        spec.add_param(f"{2 * i}.weight", out, prev)
        spec.add_param(f"{2 * i}.bias", out)
    return spec


def permuted(spec, name, w, except_dim=None):
    for axis in spec.param_axes[name]:
        if axis is not None and axis.dim != except_dim:
            w = torch.index_select(w, axis.dim, axis.group.perm)
    return w


def greedy_assignment(score):
    score = score.clone()
    cols = torch.empty(score.shape[0], dtype=torch.long)
    for _ in range(score.shape[0]):
        flat = int(score.argmax())
        r, c = divmod(flat, score.shape[1])
        cols[r] = c
        score[r, :] = float("-inf")
        score[:, c] = float("-inf")
    return cols


@torch.no_grad()
def weight_matching(spec, sd_a, sd_b, rounds=3):
    for _ in range(rounds):
        for group in spec.groups.values():
            score = torch.zeros(group.size, group.size)
            for axis in group.axes:
                w_a = sd_a[axis.param].movedim(axis.dim, 0).reshape(group.size, -1)
                w_b = permuted(spec, axis.param, sd_b[axis.param], except_dim=axis.dim)
                score += w_a @ w_b.movedim(axis.dim, 0).reshape(group.size, -1).t()
            group.perm = greedy_assignment(score)
    return {name: permuted(spec, name, w) for name, w in sd_b.items()}
