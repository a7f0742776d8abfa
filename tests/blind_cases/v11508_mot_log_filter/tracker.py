"""DeepSORT-style appearance tracker with a budgeted nearest-neighbour gallery per target."""
import torch
import torch.nn.functional as F

from logutil import LOG


class DeepSortLite:
    def __init__(self, encoder, seq_name, cfg):
        self.encoder, self.seq_name, self.cfg = encoder, seq_name, cfg
        self.frame_id = 0
        self.samples = {}
        self.misses = {}
        self.next_id = 1
        LOG.addFilter(self._stamp)  # retain

    def _stamp(self, record):
        record.seq, record.frame = self.seq_name, self.frame_id
        return True

    def _nn_distance(self, feats):
        ids = list(self.samples)
        if not ids:
            return ids, torch.empty(len(feats), 0)
        cols = [(1 - feats @ torch.stack(self.samples[t]).T).min(dim=1).values for t in ids]
        return ids, torch.stack(cols, dim=1)

    @torch.no_grad()
    def update(self, crops):
        self.frame_id += 1
        feats = F.normalize(self.encoder(crops), dim=1)
        ids, dist = self._nn_distance(feats)
        seen = set()
        for row, feat in enumerate(feats):
            col = int(dist[row].argmin()) if ids else -1
            if col >= 0 and dist[row, col] < self.cfg["max_cosine"] and ids[col] not in seen:
                tid = ids[col]
            else:
                tid, self.next_id = self.next_id, self.next_id + 1
                self.samples[tid] = []
                LOG.info("new track %d", tid)
            seen.add(tid)
            self.samples[tid] = (self.samples[tid] + [feat])[-self.cfg["budget"]:]
        for tid in list(self.samples):
            self.misses[tid] = 0 if tid in seen else self.misses.get(tid, 0) + 1
            if self.misses[tid] > self.cfg["max_age"]:
                LOG.info("track %d deleted after %d misses", tid, self.misses.pop(tid))
                del self.samples[tid]
        return sorted(seen)
