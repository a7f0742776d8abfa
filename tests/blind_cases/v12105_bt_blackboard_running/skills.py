"""Pick skills: learned grasp selection, end-effector motion and gripper closing."""
import torch

from bt import Action, Status


def grasp_features(obj, grasps):
    return torch.cat([obj.expand(grasps.shape[0], 3), grasps - obj], dim=-1)


class SelectGrasp(Action):
    def __init__(self, scorer, n_candidates=16):
        super().__init__()
        self.scorer, self.n_candidates = scorer, n_candidates

    def update(self):
        obj = self.blackboard["object"]
        candidates = obj + 0.03 * torch.randn(self.n_candidates, 3)
        with torch.no_grad():
            scores = self.scorer(grasp_features(obj, candidates)).squeeze(-1)
        self.blackboard["grasp"] = candidates[int(scores.argmax())]
        return Status.SUCCESS


class MoveTo(Action):
    def __init__(self, key, max_step=0.04, tol=0.01):
        super().__init__()
        self.key, self.max_step, self.tol = key, max_step, tol

    def update(self):
        delta = self.blackboard[self.key] - self.blackboard["ee"]
        dist = float(delta.norm())
        if dist < self.tol:
            return Status.SUCCESS
        self.blackboard["ee"] = self.blackboard["ee"] + delta * min(1.0, self.max_step / dist)
        return Status.RUNNING


class CloseGripper(Action):
    def update(self):
        offset = float((self.blackboard["grasp"] - self.blackboard["object"]).norm())
        success = offset < 0.05
        self.blackboard["experience"].append((self.blackboard["grasp"].clone(), float(success)))
        if success:
            self.blackboard["lift"] = self.blackboard["ee"] + torch.tensor([0.0, 0.0, 0.1])
        return Status.SUCCESS if success else Status.FAILURE
