"""Cross-validation driver that runs each fold's stages in dependency order."""
from graphlib import TopologicalSorter

from stages import Evaluate, Fit, MakeFold, Standardize

CFG = {"folds": 3, "n": 64, "dim": 5, "lr": 0.02, "steps": 6}


def build_fold(fold):
    data = MakeFold(fold)
    scaled = Standardize(data)
    fitted = Fit(scaled)
    return [data, scaled, fitted, Evaluate(scaled, fitted)]


def run_fold(fold):
    sorter = TopologicalSorter()
    stages = build_fold(fold)
    for stage in stages:
        stage.attach(sorter)
    sorter.prepare()
    while sorter.is_active():
        for stage in sorter.get_ready():
            stage.finish(stage.run(CFG))
    return stages[-1].output["accuracy"]


def main():
    scores = [run_fold(fold) for fold in range(CFG["folds"])]
    print("fold accuracies:", ", ".join(f"{s:.2f}" for s in scores))


if __name__ == "__main__":
    main()
