"""Per-module wall-clock profiler built on torch's global module hooks."""
import time
from collections import defaultdict

from torch.nn.modules import module as nn_module


class ModuleProfiler:
    def __init__(self, root, leaf_only=True):
        self.root = root
        self.leaf_only = leaf_only
        self.names = {id(m): n or type(m).__name__ for n, m in root.named_modules()}
        self.totals = defaultdict(float)
        self.calls = defaultdict(int)
        self._starts = {}
        self._handles = []

    def _tracked(self, module):
        if id(module) not in self.names:
            return False
        return not self.leaf_only or not any(True for _ in module.children())

    def _pre(self, module, inputs):
        if self._tracked(module):
            self._starts[id(module)] = time.perf_counter()

    def _post(self, module, inputs, output):
        start = self._starts.pop(id(module), None)
        if start is not None:
            name = self.names[id(module)]
            self.totals[name] += time.perf_counter() - start
            self.calls[name] += 1

    def start(self):
        self._handles.append(nn_module.register_module_forward_pre_hook(self._pre))  # retain
        self._handles.append(nn_module.register_module_forward_hook(self._post))  # retain
        return self

    def stop(self):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()

    def summary(self, top=3):
        ranked = sorted(self.totals.items(), key=lambda kv: kv[1], reverse=True)[:top]
        return [(name, 1e3 * secs, self.calls[name]) for name, secs in ranked]
