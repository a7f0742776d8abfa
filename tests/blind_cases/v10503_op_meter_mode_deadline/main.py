"""Drain a request queue where prefetch requests carry no slack at all."""
import time

import torch
import torch.nn as nn

from server import ModelServer, Request

TIMEOUTS = {"interactive": 5.0, "prefetch": 0.0}


def build_model(d_in=12, hidden=24, classes=4):
    return nn.Sequential(nn.Linear(d_in, hidden), nn.GELU(), nn.Linear(hidden, classes))


def make_queue(n, d_in=12):
    now = time.monotonic()
    queue = []
    for rid in range(n):
        kind = "prefetch" if rid % 3 == 2 else "interactive"
        tenant = "acme" if rid % 2 else "globex"
        queue.append(Request(rid, tenant, torch.randn(4, d_in), TIMEOUTS[kind], now))
    return queue


def main():
    torch.manual_seed(0)
    server = ModelServer(build_model())
    for _round in range(2):
        replies = server.serve(make_queue(6))
        assert len(replies) == 6
    billed = sum(ops for _, ops in server.ledger.rows)
    print(f"stats={server.stats} billed_ops={billed}")


if __name__ == "__main__":
    main()
