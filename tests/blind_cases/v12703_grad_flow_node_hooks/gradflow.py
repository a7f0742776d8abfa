"""Gradient-flow tracer: records per-op gradient magnitudes of a loss graph."""
import collections
import functools


def walk_graph(root):
    """All autograd nodes reachable from ``root`` (depth first, each once)."""
    seen, order, stack = set(), [], [root]
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        order.append(node)
        stack.extend(child for child, _ in node.next_functions)
    return order


def _record_node(node, table, grad_inputs, grad_outputs):
    norms = [g.norm().item() for g in grad_inputs if g is not None]
    table[node.name()].append(max(norms) if norms else 0.0)


class GradFlowTracer:
    def __init__(self, every=2, skip=("torch::autograd::AccumulateGrad",)):
        self.every = every
        self.skip = skip
        self.table = collections.defaultdict(list)

    def maybe_attach(self, step, loss):
        if step % self.every:
            return 0
        attached = 0
        for node in walk_graph(loss.grad_fn):
            if node.name() in self.skip:
                continue
            node.register_hook(functools.partial(_record_node, node, self.table))  # cycle
            attached += 1
        return attached

    def vanishing(self, threshold=1e-4):
        return sorted(name for name, vals in self.table.items() if max(vals) < threshold)

    def summary(self):
        return {name: sum(vals) / len(vals) for name, vals in sorted(self.table.items())}
