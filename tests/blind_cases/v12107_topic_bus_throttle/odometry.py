"""Wheel-inertial odometry node with a learned slip model, trained online from mocap labels."""
import math

import torch
import torch.nn as nn


class SlipModel(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, hidden), nn.Tanh(), nn.Linear(hidden, 2))

    def forward(self, wheels, imu):
        return self.net(torch.cat([wheels, imu], dim=-1))


class WheelInertialOdometry:
    def __init__(self, bus, imu_rate_hz=50.0, lr=1e-2):
        self.bus = bus
        self.imu_rate_hz = imu_rate_hz
        self.model = SlipModel()
        self.opt = torch.optim.Adam(self.model.parameters(), lr=lr)
        self.pose = [0.0, 0.0, 0.0]
        self.last_imu = torch.zeros(3)
        self.last_stamp = None
        self.losses = []

    def start(self):
        self.bus.subscribe("/imu", self.on_imu, rate_hz=self.imu_rate_hz)
        self.bus.subscribe("/wheels", self.on_wheels)

    def shutdown(self):
        self.bus.unsubscribe("/imu", self.on_imu)
        self.bus.unsubscribe("/wheels", self.on_wheels)

    def on_imu(self, msg, stamp):
        self.last_imu = msg

    def on_wheels(self, msg, stamp):
        speeds, mocap_twist = msg
        pred = self.model(speeds, self.last_imu)
        loss = nn.functional.mse_loss(pred, mocap_twist)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.losses.append(loss.item())
        if self.last_stamp is not None:
            v, w = pred.detach().tolist()
            dt = stamp - self.last_stamp
            x, y, th = self.pose
            self.pose = [x + v * math.cos(th) * dt, y + v * math.sin(th) * dt, th + w * dt]
        self.last_stamp = stamp
