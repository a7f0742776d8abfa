"""Step-budgeted training on shards decoded through the native-decoder queue."""
import random

import torch
import torch.nn as nn

from shards import ShardStream

CONFIG = {"shards": 2, "rows": 64, "batch_rows": 8, "max_steps": 6, "lr": 0.05}


def make_shards(seed):
    rng = random.Random(seed)
    return {f"part-{s}": [(rng.randrange(4), [rng.uniform(-1, 1) for _ in range(8)])
                          for _ in range(CONFIG["rows"])]
            for s in range(CONFIG["shards"])}


def main():
    model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    stream = ShardStream(make_shards(0), CONFIG["batch_rows"])
    try:
        for step, (x, y) in enumerate(stream, start=1):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step >= CONFIG["max_steps"]:
                break
    finally:
        dropped = stream.close()
    print(f"trained {step} steps, cancelled {dropped} decode jobs")


if __name__ == "__main__":
    main()
