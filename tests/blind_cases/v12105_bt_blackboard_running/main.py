"""Pick-and-lift episodes driven by a behaviour tree; the grasp scorer learns from outcomes."""
import torch
import torch.nn as nn

from bt import Retry, Sequence, run_tree
from skills import CloseGripper, MoveTo, SelectGrasp, grasp_features

CONFIG = {"episodes": 3, "attempts": 4, "max_ticks": 60, "lr": 1e-2}


def build_pick_tree(scorer):
    attempt = Sequence([SelectGrasp(scorer), MoveTo("grasp"), CloseGripper(), MoveTo("lift")])
    return Retry(attempt, attempts=CONFIG["attempts"])


def train_scorer(scorer, opt, obj, experience):
    grasps = torch.stack([g for g, _ in experience])
    labels = torch.tensor([y for _, y in experience])
    loss = nn.functional.binary_cross_entropy_with_logits(scorer(grasp_features(obj, grasps)).squeeze(-1), labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    scorer = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Linear(32, 1))
    opt = torch.optim.Adam(scorer.parameters(), lr=CONFIG["lr"])
    for episode in range(CONFIG["episodes"]):
        blackboard = {"object": torch.rand(3) * 0.3, "ee": torch.zeros(3), "experience": []}
        status, ticks = run_tree(build_pick_tree(scorer), blackboard, CONFIG["max_ticks"])
        loss = train_scorer(scorer, opt, blackboard["object"], blackboard["experience"])
        print(f"episode {episode}: {status.value} after {ticks} ticks, scorer loss {loss:.3f}")


if __name__ == "__main__":
    main()
