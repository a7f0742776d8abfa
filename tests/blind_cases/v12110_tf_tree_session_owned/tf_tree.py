"""Transform tree (tf2-style): static and time-stamped parent->child transforms."""
import torch


class TransformBuffer:
    def __init__(self, history=20):
        self.history = history
        self._parent = {}
        self._static = {}
        self._dynamic = {}

    def set_static(self, parent, child, transform):
        self._parent[child] = parent
        self._static[child] = transform

    def set_transform(self, parent, child, stamp, transform):
        self._parent[child] = parent
        hist = self._dynamic.setdefault(child, [])
        hist.append((stamp, transform))
        del hist[:-self.history]

    def _edge(self, child, stamp):
        if child in self._static:
            return self._static[child]
        return min(self._dynamic[child], key=lambda entry: abs(entry[0] - stamp))[1]

    def _to_root(self, frame, stamp):
        T = torch.eye(4)
        while frame in self._parent:
            T = self._edge(frame, stamp) @ T
            frame = self._parent[frame]
        return T, frame

    def lookup(self, target, source, stamp=0.0):
        T_root_source, root_a = self._to_root(source, stamp)
        T_root_target, root_b = self._to_root(target, stamp)
        if root_a != root_b:
            raise LookupError(f"{source} and {target} are not connected")
        return torch.linalg.inv(T_root_target) @ T_root_source
