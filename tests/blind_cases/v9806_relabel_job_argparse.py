"""Pseudo-labeling jobs from an annotation queue, each given as a command line."""
import argparse
import shlex

import torch
import torch.nn as nn

JOB_QUEUE = [
    "relabel --split pool --classes 0 2 --min-conf 0.55 --accept",
    "relabel --split pool --classes 1 --min-conf 0.45 --review",
    "relabel --split pool --classes 0 1 2 --min-conf 0.65 --accept --max-items 12",
]

JOB_ARGS = [
    (("--split",), {"choices": ("pool", "holdout"), "required": True}),
    (("--classes",), {"type": int, "nargs": "+", "required": True}),
    (("--min-conf",), {"type": float, "default": 0.9}),
    (("--max-items",), {"type": int, "default": 32}),
]


def parse_job(spec):
    argv = shlex.split(spec)
    parser = argparse.ArgumentParser(prog=argv[0], add_help=False, allow_abbrev=False)
    for flags, kwargs in JOB_ARGS:
        parser.add_argument(*flags, **kwargs)  # cycle
    mode = parser.add_mutually_exclusive_group(required=True)  # cycle
    mode.add_argument("--accept", dest="mode", action="store_const", const="accept")  # cycle
    mode.add_argument("--review", dest="mode", action="store_const", const="review")  # cycle
    return parser.parse_args(argv[1:])


def select(model, pool_x, job):
    with torch.no_grad():
        probs = model(pool_x).softmax(dim=1)
    conf, pred = probs.max(dim=1)
    wanted = torch.zeros_like(pred, dtype=torch.bool)
    for c in job.classes:
        wanted |= pred == c
    idx = torch.nonzero(wanted & (conf >= job.min_conf)).flatten()[: job.max_items]
    return idx, pred[idx]


def fit(model, opt, x, y, steps=4):
    for _ in range(steps):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    labeled_x, labeled_y = torch.randn(24, 6), torch.randint(0, 3, (24,))
    pool = {"pool": torch.randn(80, 6), "holdout": torch.randn(20, 6)}
    review_queue = []
    model = nn.Sequential(nn.Linear(6, 24), nn.Tanh(), nn.Linear(24, 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    fit(model, opt, labeled_x, labeled_y, steps=10)
    for spec in JOB_QUEUE:
        job = parse_job(spec)
        idx, pseudo = select(model, pool[job.split], job)
        if job.mode == "review":
            review_queue.extend(idx.tolist())
            continue
        labeled_x = torch.cat([labeled_x, pool[job.split][idx]])
        labeled_y = torch.cat([labeled_y, pseudo])
        loss = fit(model, opt, labeled_x, labeled_y)
        print(f"{spec!r}: +{len(idx)} pseudo-labels, loss {loss:.3f}")
    print(f"{len(review_queue)} items waiting for review")


if __name__ == "__main__":
    main()
