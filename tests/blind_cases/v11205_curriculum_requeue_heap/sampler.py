"""Difficulty-aware episode curriculum: hard few-shot tasks are revisited first."""
import functools
import heapq
import itertools
import random

import torch


def _push_task(heap, counter, task):
    heapq.heappush(heap, (-task.difficulty, next(counter), task))  # cycle


class FewShotTask:
    def __init__(self, classes, support, query, requeue):
        self.classes = classes
        self.support = support
        self.query = query
        self.requeue = requeue  # cycle
        self.difficulty = 1.0
        self.visits = 0

    def report(self, query_loss, decay=0.7):
        self.visits += 1
        self.difficulty = decay * self.difficulty + (1.0 - decay) * query_loss
        self.requeue(self)


class CurriculumTaskSampler:
    def __init__(self, features, labels, n_way, k_shot, q_query, pool_size, seed=0):
        self.features = features
        self.by_class = {}
        for idx, y in enumerate(labels.tolist()):
            self.by_class.setdefault(y, []).append(idx)
        self.n_way, self.k_shot, self.q_query = n_way, k_shot, q_query
        self.rng = random.Random(seed)
        self._heap = []
        requeue = functools.partial(_push_task, self._heap, itertools.count())  # cycle
        for _ in range(pool_size):
            requeue(self._build_task(requeue))

    def _build_task(self, requeue):
        classes = self.rng.sample(sorted(self.by_class), self.n_way)
        support, query = [], []
        for cls in classes:
            idx = self.rng.sample(self.by_class[cls], self.k_shot + self.q_query)
            support.append(self.features[idx[: self.k_shot]])
            query.append(self.features[idx[self.k_shot:]])
        return FewShotTask(classes, torch.stack(support), torch.stack(query), requeue)

    def next_task(self):
        _, _, task = heapq.heappop(self._heap)
        return task

    def __len__(self):
        return len(self._heap)
