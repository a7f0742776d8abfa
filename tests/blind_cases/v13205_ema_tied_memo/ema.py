"""Mean-teacher EMA that shares tied / frozen tensors with the student.

The teacher is a deep copy of the student, except for the parameters listed in
``share``: those are pre-seeded into the deepcopy memo, so the teacher points at
the student's own tensors (no second copy of the vocabulary embedding).
"""
import copy

import torch


class SharedEMA:
    def __init__(self, model, decay=0.99, share=("embed",)):
        self.decay = decay
        memo = {}
        for name, p in model.named_parameters():
            if name.split(".")[0] in share:
                memo[id(p)] = p
        self.shared = {id(p) for p in memo.values()}
        self.teacher = copy.deepcopy(model, memo)  # cycle
        for p in self.teacher.parameters():
            if id(p) not in self.shared:
                p.requires_grad_(False)
        # heads attached to the student later are cloned with the same memo,
        # so they keep pointing at the shared tensors as well
        self._clone_memo = memo  # cycle

    def add_head(self, name, head):
        clone = copy.deepcopy(head, self._clone_memo)
        for p in clone.parameters():
            if id(p) not in self.shared:
                p.requires_grad_(False)
        self.teacher.heads[name] = clone

    @torch.no_grad()
    def update(self, model):
        student = dict(model.named_parameters())
        for name, p in self.teacher.named_parameters():
            if id(p) in self.shared:
                continue
            p.mul_(self.decay).add_(student[name], alpha=1.0 - self.decay)
