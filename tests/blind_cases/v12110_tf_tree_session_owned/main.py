"""Calibration sessions for two cameras, each with its own transform tree."""
import math

import torch

from calibration import CameraExtrinsics, homogeneous, rpy_matrix
from tf_tree import TransformBuffer

CONFIG = {"epochs": 3, "stamps": 12, "lr": 0.02, "noise": 0.003}
MARKER_ODOM = torch.tensor([2.0, 0.5, 0.3])
CAMERAS = {"front": ([0.20, 0.0, 0.45], [0.0, 0.15, 0.05]), "rear": ([-0.25, 0.0, 0.40], [0.0, 0.10, math.pi])}


def base_pose(stamp):
    yaw = 0.3 * stamp
    xyz = torch.tensor([math.cos(yaw) - 1.0, math.sin(yaw), 0.0])
    return homogeneous(rpy_matrix(torch.tensor([0.0, 0.0, yaw])), xyz)


def observe_marker(T_odom_base, true_T_base_cam, noise):
    p = torch.linalg.inv(T_odom_base @ true_T_base_cam) @ torch.cat([MARKER_ODOM, torch.ones(1)])
    return p[:3] + noise * torch.randn(3)


def calibrate(name, init_xyz, init_rpy, true_T):
    tf = TransformBuffer()
    calib = CameraExtrinsics(init_xyz, init_rpy, tf, child=f"{name}_camera")
    opt = torch.optim.Adam(calib.parameters(), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        total = 0.0
        for k in range(CONFIG["stamps"]):
            stamp = epoch * CONFIG["stamps"] + k
            tf.set_transform("odom", "base_link", stamp, base_pose(stamp * 0.1))
            p_cam = observe_marker(tf.lookup("odom", "base_link", stamp), true_T, CONFIG["noise"])
            target = (tf.lookup("base_link", "odom", stamp) @ torch.cat([MARKER_ODOM, torch.ones(1)]))[:3]
            loss = (calib(p_cam.unsqueeze(0)).squeeze(0) - target).pow(2).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        calib.publish()
        marker = tf.lookup("odom", calib.child, stamp) @ torch.cat([p_cam, torch.ones(1)])
        print(f"{name} epoch {epoch}: loss {total / CONFIG['stamps']:.5f}, marker {marker[:3].tolist()}")
    return calib.xyz.detach().tolist()


def main():
    torch.manual_seed(0)
    for name, (xyz, rpy) in CAMERAS.items():
        true_T = homogeneous(rpy_matrix(torch.tensor(rpy)), torch.tensor(xyz))
        init_rpy = [a + 0.05 for a in rpy]
        print(f"{name}: calibrated xyz {calibrate(name, [v + 0.05 for v in xyz], init_rpy, true_T)}")


if __name__ == "__main__":
    main()
