"""Process-wide store of per-epoch predictions, averaged into a snapshot ensemble at the end."""
import collections

import torch


class SnapshotStore:
    def __init__(self):
        self._by_epoch = collections.defaultdict(list)

    def add(self, tag, prediction):
        self._by_epoch[tag].append(prediction)  # retain

    def ensemble_labels(self):
        per_epoch = [torch.cat([p.probs for p in preds]) for preds in self._by_epoch.values()]
        return torch.stack(per_epoch).mean(0).argmax(-1).tolist()

    def __len__(self):
        return sum(len(v) for v in self._by_epoch.values())


SNAPSHOTS = SnapshotStore()
