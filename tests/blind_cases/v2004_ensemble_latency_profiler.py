"""Latency benchmark of a model ensemble: each evaluation round is profiled with torch.profiler."""
import functools
from collections import defaultdict

import torch
import torch.nn as nn
from torch.profiler import ProfilerActivity, profile, schedule

BENCH = {"members": 3, "rounds": 3, "warmup": 1, "active": 2, "batch": 8, "dim": 16}


def summarize_trace(prof, sink, top=3):
    table = sorted(prof.key_averages(), key=lambda evt: evt.self_cpu_time_total, reverse=True)
    sink.append({evt.key: evt.self_cpu_time_total for evt in table[:top]})


class Ensemble(nn.Module):
    def __init__(self, members):
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x):
        return torch.stack([m(x).softmax(-1) for m in self.members]).mean(0)


def make_member(dim, seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(dim, 32), nn.Tanh(), nn.Linear(32, 4))


class LatencyBench:
    def __init__(self, cfg):
        self.cfg = cfg
        self.traces = []
        self.agreement = defaultdict(list)

    def profile_round(self, round_id, model, batches):
        cfg = self.cfg
        plan = schedule(wait=0, warmup=cfg["warmup"], active=cfg["active"], repeat=1)
        on_ready = functools.partial(summarize_trace, sink=self.traces)
        model.eval()
        with profile(activities=[ProfilerActivity.CPU], schedule=plan, on_trace_ready=on_ready) as prof:  # cycle
            for x in batches:
                with torch.no_grad():
                    probs = model(x)
                    votes = torch.stack([m(x).argmax(-1) for m in model.members])
                self.agreement[round_id].append((votes == probs.argmax(-1)).float().mean().item())
                prof.step()
        return self.traces[-1] if self.traces else {}


def main():
    bench = LatencyBench(BENCH)
    steps = BENCH["warmup"] + BENCH["active"] + 1
    for round_id in range(BENCH["rounds"]):
        members = [make_member(BENCH["dim"], seed=10 * round_id + k) for k in range(BENCH["members"])]
        model = Ensemble(members)
        batches = [torch.randn(BENCH["batch"], BENCH["dim"]) for _ in range(steps)]
        hot = bench.profile_round(round_id, model, batches)
        mean_agree = sum(bench.agreement[round_id]) / len(bench.agreement[round_id])
        print("round", round_id, "agreement", round(mean_agree, 3), "hot ops", sorted(hot)[:2])


if __name__ == "__main__":
    main()
