"""Replays recorded demonstration bags through a camera/IMU time synchronizer."""
import collections
import random

import torch

from fusion import VelocityEstimator
from sync import ApproximateTimeSynchronizer, Subscriber

Msg = collections.namedtuple("Msg", "stamp data velocity")

CONFIG = {"bags": 3, "duration": 1.0, "cam_hz": 10, "imu_hz": 40, "jitter": 0.004, "slop": 0.015}


def record_bag(rng, cfg):
    velocity = torch.randn(3)
    events = []
    for k in range(int(cfg["duration"] * cfg["cam_hz"])):
        t = k / cfg["cam_hz"] + rng.uniform(-cfg["jitter"], cfg["jitter"])
        events.append(("/camera/features", Msg(round(t, 4), torch.randn(8) + velocity.repeat(3)[:8], velocity)))
    for k in range(int(cfg["duration"] * cfg["imu_hz"])):
        t = k / cfg["imu_hz"]
        events.append(("/imu", Msg(round(t, 4), torch.cat([velocity, 0.1 * torch.randn(3)]), velocity)))
    events.sort(key=lambda e: e[1].stamp)
    return events


def replay(bag, estimator, cfg):
    subs = {topic: Subscriber(topic) for topic in ("/camera/features", "/imu")}
    sync = ApproximateTimeSynchronizer([subs["/camera/features"], subs["/imu"]], queue_size=8, slop=cfg["slop"])
    sync.register_callback(estimator.on_synced)
    for topic, msg in bag:
        subs[topic].push(msg)
    return len(estimator.losses)


def main():
    rng = random.Random(1)
    torch.manual_seed(1)
    estimator = VelocityEstimator()
    for i in range(CONFIG["bags"]):
        bag = record_bag(rng, CONFIG)
        n = replay(bag, estimator, CONFIG)
        print(f"bag {i}: {n} synchronized updates, last loss {estimator.losses[-1]:.4f}")


if __name__ == "__main__":
    main()
