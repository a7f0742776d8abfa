"""Appearance-only tracker whose track ids are recycled once a track object is gone."""
import weakref

import torch

from idpool import IdPool


class Track:
    def __init__(self, track_id, emb):
        self.track_id = track_id
        self.emb = emb
        self.hits = 1
        self.misses = 0

    def absorb(self, emb, momentum=0.8):
        self.emb = torch.nn.functional.normalize(momentum * self.emb + (1 - momentum) * emb, dim=0)
        self.hits += 1
        self.misses = 0


class AppearanceTracker:
    def __init__(self, encoder, cfg):
        self.encoder = encoder
        self.cfg = cfg
        self.ids = IdPool(cfg["max_ids"])
        self.tracks = []

    def _spawn(self, emb):
        track = Track(self.ids.acquire(), emb)
        weakref.finalize(track, self.ids.release, track.track_id)
        self.tracks.append(track)

    @torch.no_grad()
    def step(self, crops):
        embs = torch.nn.functional.normalize(self.encoder(crops), dim=1)
        free = list(self.tracks)
        for emb in embs:
            sims = [float(t.emb @ emb) for t in free]
            if sims and max(sims) > self.cfg["sim_thresh"]:
                free.pop(sims.index(max(sims))).absorb(emb)
            else:
                self._spawn(emb)
        for track in free:
            track.misses += 1
        self.tracks = [t for t in self.tracks if t.misses <= self.cfg["max_misses"]]
        return sorted(t.track_id for t in self.tracks)
