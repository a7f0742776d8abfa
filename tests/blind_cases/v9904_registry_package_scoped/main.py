"""Train two candidates per round, register both, promote the better one."""
import tempfile

from models import train_candidate
from registry import ModelRegistry

CANDIDATES = [{"hidden": 16}, {"hidden": 48}]


def run_round(root, round_idx, n_features=10):
    registry = ModelRegistry(root)
    best = None
    for i, cfg in enumerate(CANDIDATES):
        model, metrics = train_candidate(n_features, cfg["hidden"], seed=10 * round_idx + i)
        mv = registry.register("ranker", model, metrics)
        if best is None or mv.metrics["train_acc"] > best.metrics["train_acc"]:
            best = mv
    registry.promote("ranker", best.version)
    deps = registry.dependency_report().count("->")
    externs = sum(len(v) for v in registry.externs_by_version.values())
    return registry.champion("ranker").version, deps, externs


def main():
    with tempfile.TemporaryDirectory() as root:
        for round_idx in range(2):
            champion, deps, externs = run_round(root, round_idx)
            print(f"round {round_idx}: champion v{champion}, {deps} edges, {externs} externs")


if __name__ == "__main__":
    main()
