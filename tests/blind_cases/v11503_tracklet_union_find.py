"""Offline tracklet stitching: short tracklets of one identity are merged by ReID similarity."""
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"identities": 4, "tracklets_per_id": 3, "crop_dim": 48, "emb_dim": 16,
       "sim_thresh": 0.8, "epochs": 3, "lr": 5e-3}


class Tracklet:
    def __init__(self, tid, start, end, crops):
        self.tid = tid
        self.start, self.end = start, end
        self.crops = crops
        self.embedding = None
        self.spans = [(start, end)]
        self.parent = self  # cycle
        self.rank = 0

    def find(self):
        root = self
        while root.parent is not root:
            root = root.parent
        node = self
        while node.parent is not root:
            node.parent, node = root, node.parent
        return root

    def conflicts(self, other):
        return any(s1 <= e2 and s2 <= e1 for s1, e1 in self.spans for s2, e2 in other.spans)


def union(a, b):
    ra, rb = a.find(), b.find()
    if ra is rb or ra.conflicts(rb):
        return False
    if ra.rank < rb.rank:
        ra, rb = rb, ra
    rb.parent = ra
    ra.spans += rb.spans
    ra.rank += ra.rank == rb.rank
    return True


def make_sequence(prototypes, n_per_id):
    tracklets, tid = [], 0
    for identity, proto in enumerate(prototypes):
        for k in range(n_per_id):
            start = 10 * k + int(torch.randint(0, 3, ()))
            crops = proto + 0.2 * torch.randn(start % 4 + 3, proto.numel())
            tracklets.append(Tracklet(tid, start, start + 7, crops))
            tid += 1
    return tracklets


def train_encoder(encoder, prototypes, cfg):
    opt = torch.optim.Adam(encoder.parameters(), lr=cfg["lr"])
    classifier = nn.Linear(cfg["emb_dim"], len(prototypes))
    opt.add_param_group({"params": classifier.parameters()})
    for _ in range(cfg["epochs"]):
        labels = torch.arange(len(prototypes)).repeat_interleave(8)
        x = prototypes[labels] + 0.2 * torch.randn(len(labels), prototypes.shape[1])
        loss = F.cross_entropy(classifier(encoder(x)), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def stitch(encoder, tracklets, thresh):
    for t in tracklets:
        t.embedding = F.normalize(encoder(t.crops).mean(0), dim=0)
    pairs = sorted(itertools.combinations(tracklets, 2),
                   key=lambda p: float(p[0].embedding @ p[1].embedding), reverse=True)
    merges = sum(union(a, b) for a, b in pairs if float(a.embedding @ b.embedding) > thresh)
    return {t.tid: t.find().tid for t in tracklets}, merges


def main():
    torch.manual_seed(0)
    encoder = nn.Sequential(nn.Linear(CFG["crop_dim"], 32), nn.ReLU(), nn.Linear(32, CFG["emb_dim"]))
    for video in range(2):
        prototypes = torch.randn(CFG["identities"], CFG["crop_dim"])
        train_encoder(encoder, prototypes, CFG)
        tracklets = make_sequence(prototypes, CFG["tracklets_per_id"])
        global_ids, merges = stitch(encoder, tracklets, CFG["sim_thresh"])
        print(f"video {video}: {merges} merges, {len(set(global_ids.values()))} identities")


if __name__ == "__main__":
    main()
