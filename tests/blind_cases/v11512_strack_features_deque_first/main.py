"""JDE-style online tracking whose ReID head is adapted on the fly from confident matches."""
import torch
import torch.nn as nn

from strack import KalmanFilter, STrack

CFG = {"crop": (3, 16, 8), "emb_dim": 32, "match_thresh": 0.3, "max_lost": 2,
       "frames": 5, "objects": 3, "lr": 1e-2}


class OnlineTracker:
    def __init__(self, reid, cfg):
        self.reid, self.cfg = reid, cfg
        self.kf = KalmanFilter()
        self.opt = torch.optim.SGD(reid.parameters(), lr=cfg["lr"])
        self.tracked, self.lost = [], []
        self.frame_id = 0

    def update(self, boxes, scores, crops):
        self.frame_id += 1
        dets = [STrack(b, s, e) for b, s, e in zip(boxes, scores, self.reid(crops))]
        pool = self.tracked + self.lost
        for track in pool:
            track.predict()
        matched, unmatched, pulls = [], [], []
        if pool:
            gallery = torch.stack([t.smooth_feat for t in pool])
            sim = torch.stack([d.curr_feature for d in dets]) @ gallery.T
            for i, det in enumerate(dets):
                j = int(sim[i].argmax())
                if sim[i, j] > self.cfg["match_thresh"] and pool[j] not in matched:
                    pool[j].update(det, self.frame_id)
                    matched.append(pool[j])
                    pulls.append(1.0 - sim[i, j])
                else:
                    unmatched.append(det)
        else:
            unmatched = dets
        for det in unmatched:
            det.activate(self.kf, self.frame_id)
            matched.append(det)
        self.lost = [t for t in pool if t not in matched
                     and self.frame_id - t.frame_id <= self.cfg["max_lost"]]
        self.tracked = matched
        if pulls:
            loss = torch.stack(pulls).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return [(t.track_id, t.mean[:4].tolist()) for t in self.tracked]


def main():
    torch.manual_seed(0)
    n = CFG["objects"]
    reid = nn.Sequential(nn.Flatten(), nn.Linear(3 * 16 * 8, 64), nn.ReLU(), nn.Linear(64, CFG["emb_dim"]))
    for seq in range(2):
        tracker = OnlineTracker(reid, CFG)
        looks = torch.randn(n, *CFG["crop"])
        start, velocity = torch.rand(n, 4) * 50, torch.randn(n, 4)
        for f in range(CFG["frames"]):
            crops = looks + 0.1 * torch.randn_like(looks)
            outputs = tracker.update(start + f * velocity, torch.rand(n).tolist(), crops)
        print(f"sequence {seq}: {len(outputs)} tracks, ids {[tid for tid, _ in outputs]}")


if __name__ == "__main__":
    main()
