"""Pipeline stage that runs each micro-batch as a resumable task.

A task is a generator: the first ``next()`` runs the forward and yields the
stage output, ``send(grad)`` later runs the backward for that micro-batch and
yields the gradient for the previous stage.
"""
import collections

import torch.nn as nn


class MicroBatchStage(nn.Module):
    def __init__(self, block, stage_id, num_stages, loss_fn=None):
        super().__init__()
        self.block = block
        self.stage_id = stage_id
        self.num_stages = num_stages
        self.loss_fn = loss_fn
        self._inflight = collections.deque()  # cycle
        self.forward_count = 0
        self.backward_count = 0

    @property
    def is_last(self):
        return self.stage_id == self.num_stages - 1

    def _task(self, x, target):
        out = self.block(x)
        if self.is_last and target is not None:
            out = self.loss_fn(out, target)
        self.forward_count += 1
        grad = yield out
        out.backward(grad)
        self.backward_count += 1
        yield x.grad if x.requires_grad else None

    def forward_microbatch(self, x, target=None):
        task = self._task(x, target)
        out = next(task)
        self._inflight.append(task)  # cycle
        return out

    def backward_microbatch(self, grad=None):
        task = self._inflight.popleft()
        return task.send(grad)

    def reset_schedule(self):
        self._inflight.clear()
