"""fp16 gradient compression with error feedback, plus per-layer gradient-norm statistics."""
import collections

import torch
import torch.distributed as dist


class CompressionState:
    def __init__(self, module, process_group=None):
        self.module = module
        self.process_group = process_group
        self.names = {p: n for n, p in module.named_parameters()}
        self.residuals = {}
        self.grad_norms = collections.defaultdict(list)

    def record(self, params, grads):
        for p, g in zip(params, grads):
            self.grad_norms[self.names[p]].append(float(g.norm()))

    def layer_report(self):
        return {name: sum(v) / len(v) for name, v in self.grad_norms.items()}


def fp16_error_feedback_hook(state, bucket):
    group = state.process_group if state.process_group is not None else dist.group.WORLD
    buf = bucket.buffer()
    state.record(bucket.parameters(), bucket.gradients())
    residual = state.residuals.get(bucket.index())
    if residual is not None:
        buf.add_(residual)
    compressed = buf.to(torch.float16)
    state.residuals[bucket.index()] = buf - compressed.to(buf.dtype)
    compressed.div_(dist.get_world_size(group))
    fut = dist.all_reduce(compressed, group=group, async_op=True).get_future()

    def decompress(fut):
        buf.copy_(fut.value()[0])
        return buf

    return fut.then(decompress)
