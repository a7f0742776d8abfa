"""SORT tracker fed by a small learned box-refinement head."""
import torch
import torch.nn as nn

CFG = {"objects": 4, "frames": 6, "refine_steps": 30, "sequences": 2}


def iou(a, b):
    lt, rb = torch.max(a[:2], b[:2]), torch.min(a[2:], b[2:])
    inter = (rb - lt).clamp(min=0).prod()
    return float(inter / ((a[2:] - a[:2]).prod() + (b[2:] - b[:2]).prod() - inter))


class KalmanBoxTracker:
    count = 0

    def __init__(self, box):
        self.x = torch.cat([box, torch.zeros(4)])
        self.P = torch.diag(torch.tensor([1.0] * 4 + [10.0] * 4))
        self.F = torch.eye(8) + torch.diag(torch.ones(4), 4)
        self.H = torch.eye(4, 8)
        KalmanBoxTracker.count += 1
        self.id = KalmanBoxTracker.count
        self.hits, self.time_since_update = 1, 0

    def predict(self):
        self.x = self.F @ self.x
        self.P = self.F @ self.P @ self.F.T + 0.01 * torch.eye(8)
        self.time_since_update += 1
        return self.x[:4]

    def update(self, box):
        gain = self.P @ self.H.T @ torch.linalg.inv(self.H @ self.P @ self.H.T + 0.1 * torch.eye(4))
        self.x = self.x + gain @ (box - self.H @ self.x)
        self.P = (torch.eye(8) - gain @ self.H) @ self.P
        self.hits, self.time_since_update = self.hits + 1, 0


class Sort:
    def __init__(self, max_age=2, min_hits=2, iou_threshold=0.3):
        self.__dict__.update(locals())  # cycle
        self.trackers = []
        self.frame_count = 0

    def update(self, dets):
        self.frame_count += 1
        predicted = [t.predict() for t in self.trackers]
        unmatched = list(range(len(dets)))
        for trk, pred in zip(self.trackers, predicted):
            scores = [(iou(pred, dets[d]), d) for d in unmatched]
            if scores and max(scores)[0] >= self.iou_threshold:
                best = max(scores)[1]
                trk.update(dets[best])
                unmatched.remove(best)
        self.trackers += [KalmanBoxTracker(dets[d]) for d in unmatched]
        self.trackers = [t for t in self.trackers if t.time_since_update <= self.max_age]
        return [(t.id, t.x[:4]) for t in self.trackers
                if t.hits >= self.min_hits or self.frame_count <= self.min_hits]


def train_refiner(refiner, steps):
    opt = torch.optim.SGD(refiner.parameters(), lr=1e-3)
    for _ in range(steps):
        gt = torch.rand(16, 2) * 40
        gt = torch.cat([gt, gt + 5 + torch.rand(16, 2) * 10], dim=1)
        noisy = gt + torch.randn_like(gt)
        loss = nn.functional.smooth_l1_loss(noisy + refiner(noisy), gt)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(0)
    refiner = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 4))
    train_refiner(refiner, CFG["refine_steps"])
    for seq in range(CFG["sequences"]):
        tracker = Sort(max_age=2, min_hits=2)
        corner = torch.rand(CFG["objects"], 2) * 60
        boxes = torch.cat([corner, corner + 12], dim=1)
        velocity = torch.randn(CFG["objects"], 2).repeat(1, 2)
        for frame in range(CFG["frames"]):
            noisy = boxes + frame * velocity + 0.5 * torch.randn_like(boxes)
            with torch.no_grad():
                dets = noisy + refiner(noisy)
            tracks = tracker.update(list(dets))
        print(f"sequence {seq}: {len(tracks)} confirmed tracks")


if __name__ == "__main__":
    main()
