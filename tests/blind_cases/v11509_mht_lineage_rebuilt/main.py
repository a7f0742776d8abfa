"""Track-oriented MHT on synthetic 2-D targets, with a learned detection-to-track scorer."""
import torch
import torch.nn as nn

from hypotheses import TrackHypothesis

CFG = {"targets": 3, "frames": 5, "clutter": 2, "gate": 9.2, "miss_penalty": 2.0,
       "max_misses": 2, "keep_per_track": 3, "train_steps": 20}


def make_scorer():
    return nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))


def train_scorer(scorer, steps):
    opt = torch.optim.Adam(scorer.parameters(), lr=1e-2)
    for _ in range(steps):
        d2_true, d2_false = torch.rand(32) * 3, 3 + torch.rand(32) * 6
        feats = torch.stack([torch.cat([d2_true, d2_false]), torch.rand(64)], dim=1)
        labels = torch.cat([torch.ones(32), torch.zeros(32)])
        loss = nn.functional.binary_cross_entropy_with_logits(scorer(feats).squeeze(1), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()


def make_scan(positions, n_clutter):
    dets = [p + 0.3 * torch.randn(2) for p in positions]
    dets += [torch.rand(2) * 20 for _ in range(n_clutter)]
    return dets, torch.rand(len(dets)).tolist()


@torch.no_grad()
def run_mht(scorer, cfg):
    start, velocity = torch.rand(cfg["targets"], 2) * 20, torch.randn(cfg["targets"], 2)
    dets, _ = make_scan(start, 0)
    hyps = [TrackHypothesis(tid, z) for tid, z in enumerate(dets)]
    for frame in range(1, cfg["frames"]):
        dets, confs = make_scan(start + frame * velocity, cfg["clutter"])
        children = []
        for hyp in hyps:
            for z, conf in zip(dets, confs):
                d2 = hyp.gate(z)
                if d2 < cfg["gate"]:
                    cost = -float(scorer(torch.tensor([[d2, conf]])))
                    children.append(hyp.extend(z, cost))
            if hyp.misses < cfg["max_misses"]:
                children.append(hyp.coast(cfg["miss_penalty"]))
        by_track = {}
        for child in sorted(children, key=lambda h: h.score, reverse=True):
            by_track.setdefault(child.track_id, []).append(child)
        hyps = [h for group in by_track.values() for h in group[:cfg["keep_per_track"]]]
    best = {}
    for hyp in hyps:
        if hyp.track_id not in best or hyp.score > best[hyp.track_id].score:
            best[hyp.track_id] = hyp
    return {tid: (round(h.score, 2), h.mean[:2].tolist()) for tid, h in best.items()}


def main():
    torch.manual_seed(0)
    scorer = make_scorer()
    train_scorer(scorer, CFG["train_steps"])
    for seq in range(2):
        result = run_mht(scorer, CFG)
        print(f"sequence {seq}: {result}")


if __name__ == "__main__":
    main()
