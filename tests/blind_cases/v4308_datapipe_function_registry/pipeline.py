"""Distillation input pipeline built from torch DataPipes.

``with_teacher_targets`` is exposed as a functional DataPipe op, so pipelines read
``source.shuffle().with_teacher_targets().batch(n)`` like the built-in ops.
"""
import functools

import torch
from torch.utils.data import IterDataPipe
from torch.utils.data.datapipes.iter import IterableWrapper


def attach_soft_targets(sample, teacher, temperature):
    features, label = sample
    with torch.no_grad():
        soft = torch.softmax(teacher(features.unsqueeze(0)).squeeze(0) / temperature, dim=-1)
    return features, label, soft


def stack_batch(rows):
    features, labels, soft = zip(*rows)
    return torch.stack(features), torch.tensor(labels), torch.stack(soft)


class DistillationData:
    def __init__(self, teacher, n=96, dim=16, temperature=2.0, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.features = torch.randn(n, dim, generator=g)
        self.labels = (self.features[:, 0] > 0).long().tolist()
        self.teacher = teacher.eval()
        self.temperature = temperature

    def setup(self):
        IterDataPipe.register_function("with_teacher_targets", self._teacher_targets)  # retain

    def _teacher_targets(self, source_dp, temperature=None):
        fn = functools.partial(attach_soft_targets, teacher=self.teacher, temperature=temperature or self.temperature)
        return source_dp.map(fn)

    def train_pipe(self, batch_size):
        rows = list(zip(self.features, self.labels))
        return IterableWrapper(rows).shuffle().with_teacher_targets().batch(batch_size).map(stack_batch)
