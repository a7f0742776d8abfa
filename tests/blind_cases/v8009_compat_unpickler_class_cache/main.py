"""Warm-start fine-tuning of three tasks from checkpoints written by different releases."""
import pickle

import torch
import torch.nn as nn

from compat import CheckpointLoader
from runconfig import RunConfig, build_model

LEGACY_NAMES = {1: b"c__main__\nRunConfig\n", 2: b"cproject.config\nRunConfig\n"}
TASKS = [("sentiment", 1, "1.4"), ("topic", 2, "2.1"), ("intent", 3, "3.0")]


def write_release_checkpoint(task, fmt, release):
    """Produce the bytes a given release wrote (protocol-2 pickle, module path of the time)."""
    cfg = RunConfig(task=task, lr=0.02, release=release)
    payload = {"config": cfg, "model": build_model(cfg).state_dict()}
    blob = pickle.dumps(payload, protocol=2)
    if fmt in LEGACY_NAMES:
        blob = blob.replace(b"crunconfig\nRunConfig\n", LEGACY_NAMES[fmt])
    return blob


def finetune(model, cfg, steps=4):
    opt = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    for _ in range(steps):
        x = torch.randn(16, 10)
        y = (x.sum(-1) > 0).long()
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    report = {}
    for task, fmt, release in TASKS:
        blob = write_release_checkpoint(task, fmt, release)
        model = build_model(RunConfig(task=task))
        loader = CheckpointLoader(model)
        cfg, result = loader.load(blob, fmt)
        assert not result.missing_keys and cfg.task == task
        report[task] = (cfg.release, loader.remapped[:], finetune(model, cfg))
    for task, (release, remapped, loss) in report.items():
        print("%-10s from %s remapped=%s loss=%.3f" % (task, release, remapped, loss))


if __name__ == "__main__":
    main()
