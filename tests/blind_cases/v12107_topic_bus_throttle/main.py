"""Replays recorded drives on several terrains through the odometry node."""
import torch

from bus import BUS
from odometry import WheelInertialOdometry

CONFIG = {"terrains": {"asphalt": 0.95, "gravel": 0.8, "grass": 0.65}, "duration": 2.0,
          "imu_hz": 100, "wheel_hz": 20, "track": 0.4}


def record_drive(slip, cfg):
    events = []
    for k in range(int(cfg["duration"] * cfg["imu_hz"])):
        t = k / cfg["imu_hz"]
        events.append((t, "/imu", torch.tensor([0.3 * slip, 0.0, 0.5 * slip]) + 0.02 * torch.randn(3)))
    for k in range(int(cfg["duration"] * cfg["wheel_hz"])):
        t = k / cfg["wheel_hz"]
        left, right = 1.0 + 0.2 * torch.rand(()), 1.2 + 0.2 * torch.rand(())
        twist = torch.stack([slip * (left + right) / 2, slip * (right - left) / cfg["track"]])
        events.append((t, "/wheels", (torch.stack([left, right]), twist)))
    events.sort(key=lambda e: (e[0], e[1]))
    return events


def main():
    torch.manual_seed(0)
    for terrain, slip in CONFIG["terrains"].items():
        node = WheelInertialOdometry(BUS)
        node.start()
        for stamp, topic, msg in record_drive(slip, CONFIG):
            BUS.publish(topic, msg, stamp)
        node.shutdown()
        pose = ", ".join(f"{p:.2f}" for p in node.pose)
        print(f"{terrain}: final pose ({pose}), mean loss {sum(node.losses) / len(node.losses):.4f}")


if __name__ == "__main__":
    main()
