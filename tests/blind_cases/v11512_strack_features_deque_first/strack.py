"""Single-object track with a constant-velocity Kalman filter and a smoothed appearance feature."""
from collections import deque

import torch

from basetrack import BaseTrack, TrackState


class KalmanFilter:
    def __init__(self, q=1e-2, r=1e-1):
        self.F = torch.eye(8) + torch.diag(torch.ones(4), 4)
        self.H, self.Q, self.R = torch.eye(4, 8), q * torch.eye(8), r * torch.eye(4)

    def predict(self, mean, cov):
        return self.F @ mean, self.F @ cov @ self.F.T + self.Q

    def update(self, mean, cov, z):
        gain = cov @ self.H.T @ torch.linalg.inv(self.H @ cov @ self.H.T + self.R)
        return mean + gain @ (z - self.H @ mean), (torch.eye(8) - gain @ self.H) @ cov


class STrack(BaseTrack):
    def __init__(self, box, score, feat, alpha=0.9, buffer_size=30):
        self.box, self.score, self.alpha = box, score, alpha
        self.kf, self.mean, self.cov = None, None, None
        self.smooth_feat = None
        self.features = deque([], maxlen=buffer_size)
        self.update_features(feat)

    def update_features(self, feat):
        feat = feat / feat.norm()
        self.curr_feature = feat
        if self.smooth_feat is None:
            self.smooth_feat = feat.detach()
        else:
            smooth = self.alpha * self.smooth_feat + (1 - self.alpha) * feat.detach()
            self.smooth_feat = smooth / smooth.norm()
        self.features.append(feat)

    def activate(self, kf, frame_id):
        self.kf = kf
        self.track_id = self.next_id()
        self.mean, self.cov = torch.cat([self.box, torch.zeros(4)]), torch.eye(8)
        self.state, self.is_activated = TrackState.Tracked, True
        self.frame_id = self.start_frame = frame_id

    def predict(self):
        self.mean, self.cov = self.kf.predict(self.mean, self.cov)

    def update(self, det, frame_id):
        self.frame_id = frame_id
        self.mean, self.cov = self.kf.update(self.mean, self.cov, det.box)
        self.update_features(det.curr_feature)
        self.state, self.score = TrackState.Tracked, det.score
