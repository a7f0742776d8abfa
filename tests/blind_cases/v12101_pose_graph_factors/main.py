"""Submap-based 2D SLAM back-end: one pose graph per submap, optimized and exported."""
import math
import random

import torch

from graph import PoseGraph

CONFIG = {
    "submaps": 3,
    "poses_per_submap": 6,
    "odom_sigma": (0.05, 0.05, 0.02),
    "loop_sigma": (0.10, 0.10, 0.05),
    "iters": 30,
    "lr": 0.005,
}


def ground_truth(n, step=1.0):
    poses, x, y, th = [], 0.0, 0.0, 0.0
    for _ in range(n):
        poses.append((x, y, th))
        x, y = x + step * math.cos(th), y + step * math.sin(th)
        th += 2.0 * math.pi / n
    return poses


def relative(a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    c, s = math.cos(a[2]), math.sin(a[2])
    dth = math.atan2(math.sin(b[2] - a[2]), math.cos(b[2] - a[2]))
    return (c * dx + s * dy, -s * dx + c * dy, dth)


def corrupt(meas, sigma, rng):
    return tuple(m + rng.gauss(0.0, s) for m, s in zip(meas, sigma))


def dead_reckon(start, odometry):
    poses = [start]
    for dx, dy, dth in odometry:
        x, y, th = poses[-1]
        poses.append((x + dx * math.cos(th) - dy * math.sin(th),
                      y + dx * math.sin(th) + dy * math.cos(th), th + dth))
    return poses


def build_submap(truth, cfg, rng):
    graph = PoseGraph()
    odometry = [corrupt(relative(a, b), cfg["odom_sigma"], rng) for a, b in zip(truth, truth[1:])]
    for key, pose in enumerate(dead_reckon(truth[0], odometry)):
        graph.add_pose(key, pose, fixed=(key == 0))
    for key, meas in enumerate(odometry):
        graph.add_between(key, key + 1, meas, cfg["odom_sigma"])
    closure = corrupt(relative(truth[-1], truth[0]), cfg["loop_sigma"], rng)
    graph.add_between(len(truth) - 1, 0, closure, cfg["loop_sigma"])
    return graph


def main():
    rng = random.Random(0)
    torch.manual_seed(0)
    trajectory = []
    for submap in range(CONFIG["submaps"]):
        truth = ground_truth(CONFIG["poses_per_submap"])
        graph = build_submap(truth, CONFIG, rng)
        before, after = graph.total_error(), graph.optimize(CONFIG["iters"], CONFIG["lr"])
        order = [v.key for v in graph.elimination_order()]
        trajectory.extend(graph.export())
        print(f"submap {submap}: chi2 {before:.2f} -> {after:.2f}, elimination order {order}")
    print(f"exported {len(trajectory)} poses")


if __name__ == "__main__":
    main()
