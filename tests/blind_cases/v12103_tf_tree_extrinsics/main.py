"""Drive past a fiducial, refine the camera extrinsics and publish them on the tf tree."""
import math

import torch

import tf_tree
from calibration import CameraExtrinsics, homogeneous, rpy_matrix

CONFIG = {"epochs": 4, "stamps": 12, "lr": 0.02, "noise": 0.003}
MARKER_ODOM = torch.tensor([2.0, 0.5, 0.3])
TRUE_XYZ, TRUE_RPY = torch.tensor([0.20, 0.0, 0.45]), torch.tensor([0.0, 0.15, 0.05])


def base_pose(stamp):
    yaw = 0.3 * stamp
    xyz = torch.tensor([math.cos(yaw) - 1.0, math.sin(yaw), 0.0])
    return homogeneous(rpy_matrix(torch.tensor([0.0, 0.0, yaw])), xyz)


def observe_marker(T_odom_base, noise):
    T_odom_cam = T_odom_base @ homogeneous(rpy_matrix(TRUE_RPY), TRUE_XYZ)
    p = torch.linalg.inv(T_odom_cam) @ torch.cat([MARKER_ODOM, torch.ones(1)])
    return p[:3] + noise * torch.randn(3)


def main():
    torch.manual_seed(0)
    buf = tf_tree.BUFFER
    calib = CameraExtrinsics([0.15, 0.05, 0.40], [0.0, 0.0, 0.0])
    opt = torch.optim.Adam(calib.parameters(), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        total = 0.0
        for k in range(CONFIG["stamps"]):
            stamp = epoch * CONFIG["stamps"] + k
            T_odom_base = base_pose(stamp * 0.1)
            buf.set_transform("odom", "base_link", stamp, T_odom_base)
            p_cam = observe_marker(T_odom_base, CONFIG["noise"])
            target = (torch.linalg.inv(buf.lookup("odom", "base_link", stamp)) @ torch.cat([MARKER_ODOM, torch.ones(1)]))[:3]
            loss = (calib(p_cam.unsqueeze(0)).squeeze(0) - target).pow(2).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        calib.publish()
        marker = buf.lookup("odom", "camera_link", stamp) @ torch.cat([p_cam, torch.ones(1)])
        print(f"epoch {epoch}: loss {total / CONFIG['stamps']:.5f}, marker in odom {marker[:3].tolist()}")


if __name__ == "__main__":
    main()
