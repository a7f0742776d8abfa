"""Track hypotheses for a track-oriented multiple hypothesis tracker (MHT)."""
import copy
import itertools

import torch

_HYP_IDS = itertools.count()

F = torch.tensor([[1.0, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0], [0, 0, 0, 1]])
H = torch.eye(2, 4)
Q = 0.05 * torch.eye(4)
R = 0.5 * torch.eye(2)


class TrackHypothesis:
    def __init__(self, track_id, z):
        self.hyp_id = next(_HYP_IDS)
        self.track_id = track_id
        self.mean = torch.cat([z, torch.zeros(2)])
        self.cov = torch.diag(torch.tensor([1.0, 1.0, 4.0, 4.0]))
        self.score = 0.0
        self.misses = 0
        self.lineage = []  # cycle

    def predicted(self):
        return F @ self.mean, F @ self.cov @ F.T + Q

    def gate(self, z):
        mean, cov = self.predicted()
        s = H @ cov @ H.T + R
        r = z - H @ mean
        return float(r @ torch.linalg.solve(s, r))

    def extend(self, z, cost):
        mean, cov = self.predicted()
        gain = cov @ H.T @ torch.linalg.inv(H @ cov @ H.T + R)
        child = copy.copy(self)  # cycle
        child.hyp_id = next(_HYP_IDS)
        child.mean = mean + gain @ (z - H @ mean)
        child.cov = (torch.eye(4) - gain @ H) @ cov
        child.score, child.misses = self.score - cost, 0
        child.lineage.append(self)  # cycle
        return child

    def coast(self, penalty):
        child = copy.copy(self)  # cycle
        child.hyp_id = next(_HYP_IDS)
        child.mean, child.cov = self.predicted()
        child.score, child.misses = self.score - penalty, self.misses + 1
        child.lineage.append(self)  # cycle
        return child

    def path(self):
        return [h.hyp_id for h in self.lineage] + [self.hyp_id]
