"""Dataset version lineage: every derived version can be re-materialised from its parent."""
import functools
import hashlib
import weakref

import torch


def _replay_from(parent_ref, keep):
    parent = parent_ref()
    if parent is None:
        raise LookupError("parent version has been released")
    return parent.features[keep], parent.labels[keep]


class DatasetVersion:
    def __init__(self, features, labels, tag, parent=None, note=""):
        self.features = features
        self.labels = labels
        self.tag = tag
        self.note = note
        self._parent_ref = weakref.ref(parent) if parent is not None else None
        self.children = []
        self._replay = None

    @property
    def parent(self):
        return self._parent_ref() if self._parent_ref is not None else None

    def __len__(self):
        return len(self.labels)

    def fingerprint(self):
        h = hashlib.sha1()
        h.update(self.features.numpy().tobytes())
        h.update(self.labels.numpy().tobytes())
        return h.hexdigest()[:12]

    def derive(self, keep, note):
        keep = keep.clone()
        tag = f"{self.tag}.{len(self.children) + 1}"
        child = DatasetVersion(self.features[keep], self.labels[keep], tag, parent=self, note=note)
        child._replay = functools.partial(_replay_from, weakref.ref(self), keep)
        self.children.append(child)
        return child

    def verify(self):
        if self._replay is None:
            return True
        x, y = self._replay()
        return torch.equal(x, self.features) and torch.equal(y, self.labels)

    def ancestry(self):
        node, chain = self, []
        while node is not None:
            chain.append(node.tag)
            node = node.parent
        return list(reversed(chain))
