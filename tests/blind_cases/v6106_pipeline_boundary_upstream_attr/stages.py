"""Pipeline stages separated by explicit autograd cut points.

Each stage works on a detached copy of the previous stage's output, so its
backward can run on its own; the cut point remembers the upstream output and
forwards the boundary gradient to it afterwards.
"""
import torch
import torch.nn as nn


def cut(upstream_out):
    boundary = upstream_out.detach().requires_grad_()
    boundary._upstream = upstream_out
    return boundary


def backprop_through(boundary):
    if boundary.grad is None:
        return False
    boundary._upstream.backward(boundary.grad)
    return True


class StagedModel(nn.Module):
    def __init__(self, stages):
        super().__init__()
        self.stages = nn.ModuleList(stages)
        self._boundaries = []

    def forward(self, x):
        h = x
        for i, stage in enumerate(self.stages):
            if i > 0 and torch.is_grad_enabled():
                h = cut(h)
                self._boundaries.append(h)
            h = stage(h)
        return h

    def finish_backward(self):
        try:
            done = 0
            for boundary in reversed(self._boundaries):
                done += backprop_through(boundary)
            return done
        finally:
            self._boundaries.clear()
