"""Dataset version lineage: every derived version can be re-materialised from its parent."""
import hashlib
import weakref

import torch


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

        def replay():  # cycle
            return self.features[keep], self.labels[keep]

        child._replay = replay  # cycle
        self.children.append(child)  # cycle
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
