"""Learned visual-inertial velocity estimator trained online on synchronized pairs."""
import torch
import torch.nn as nn


class VelocityEstimator(nn.Module):
    def __init__(self, feat_dim=8, imu_dim=6, hidden=32, lr=1e-2):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(feat_dim + imu_dim, hidden), nn.Tanh(), nn.Linear(hidden, 3))
        self.opt = torch.optim.Adam(self.net.parameters(), lr=lr)
        self.losses = []

    def forward(self, feat, imu):
        return self.net(torch.cat([feat, imu], dim=-1))

    def on_synced(self, cam_msg, imu_msg):
        pred = self(cam_msg.data, imu_msg.data)
        loss = nn.functional.smooth_l1_loss(pred, cam_msg.velocity)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.losses.append(loss.item())
