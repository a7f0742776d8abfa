"""Activation-memory policy: after an out-of-memory error, saved activations go to host memory."""
import contextlib

import torch


class OutOfMemory(RuntimeError):
    pass


class ActivationOffload:
    def __init__(self, budget, enabled=False):
        self.budget = budget
        self.enabled = enabled
        self.events = []

    @contextlib.contextmanager
    def scope(self):
        if not self.enabled:
            yield False
            return
        with torch.autograd.graph.save_on_cpu(pin_memory=False):
            yield True

    def check(self, activations, offloading):
        if not offloading and activations > self.budget:
            raise OutOfMemory(f"simulated OOM: {activations} activations > {self.budget}")

    def on_oom(self, epoch, err):
        self.events.append({"epoch": epoch, "error": str(err)})
        if self.enabled:
            return False
        self.enabled = True
        return True
