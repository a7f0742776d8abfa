"""Bayesian A/B harness: champion vs challenger click models on simulated traffic."""
import hashlib

import torch
import torch.nn as nn
from torch.distributions import Normal, biject_to, constraints
from torch.distributions.transforms import AffineTransform, ComposeTransform, SigmoidTransform

HARNESS_CONFIG = {"max_lift": 0.5, "prior_scale": 0.2, "fit_steps": 40, "lr": 0.05, "traffic": 512,
                  "temperature": 1.0}


class LiftInterval(constraints.Constraint):
    """Relative lift of the challenger, bounded to (-max_lift, max_lift)."""

    def __init__(self, bound, temperature=1.0):
        self.bound = bound
        self.temperature = temperature
        super().__init__()

    def check(self, value):
        return (value > -self.bound) & (value < self.bound)


@biject_to.register(LiftInterval)
def _lift_transform(constraint):
    squash = AffineTransform(0.0, 1.0 / constraint.temperature)
    return ComposeTransform([squash, SigmoidTransform(), AffineTransform(-constraint.bound, 2.0 * constraint.bound)])


class ABHarness:
    def __init__(self, champion, challenger, config):
        self.models = {"A": champion, "B": challenger}
        self.config = dict(config)
        self.lift_constraint = LiftInterval(self.config["max_lift"], self.config["temperature"])
        self.history = []

    @staticmethod
    def arm_for(user_id):
        return "A" if int(hashlib.md5(str(user_id).encode()).hexdigest(), 16) % 2 == 0 else "B"

    @torch.no_grad()
    def serve(self, features):
        clicks = {"A": [], "B": []}
        for user_id, row in enumerate(features):
            arm = self.arm_for(user_id)
            p = torch.sigmoid(self.models[arm](row.unsqueeze(0))).item()
            clicks[arm].append(float(torch.rand(()) < p))
        return clicks

    def posterior_lift(self, clicks):
        rate_a = sum(clicks["A"]) / max(1, len(clicks["A"]))
        rate_b = sum(clicks["B"]) / max(1, len(clicks["B"]))
        raw = torch.zeros((), requires_grad=True)
        opt = torch.optim.Adam([raw], lr=self.config["lr"])
        prior = Normal(0.0, self.config["prior_scale"])
        to_lift = biject_to(self.lift_constraint)
        for _ in range(self.config["fit_steps"]):
            lift = to_lift(raw)
            expected_b = torch.tensor(rate_a).clamp_min(1e-3) * (1 + lift)
            loss = (expected_b - rate_b).pow(2) * len(clicks["B"]) - prior.log_prob(lift)
            opt.zero_grad()
            loss.backward()
            opt.step()
        estimate = float(to_lift(raw.detach()))
        self.history.append({"rate_a": rate_a, "rate_b": rate_b, "lift": estimate})
        return estimate


def make_click_model(n_features, hidden, seed):
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(n_features, hidden), nn.Tanh(), nn.Linear(hidden, 1))


def main():
    n_features = 8
    for experiment in range(3):
        champion = make_click_model(n_features, 16, seed=experiment)
        challenger = make_click_model(n_features, 32, seed=100 + experiment)
        harness = ABHarness(champion, challenger, HARNESS_CONFIG)
        traffic = torch.randn(HARNESS_CONFIG["traffic"], n_features)
        lift = harness.posterior_lift(harness.serve(traffic))
        decision = "promote B" if lift > 0.05 else "keep A"
        print(f"experiment {experiment}: lift {lift:+.3f} -> {decision}")


if __name__ == "__main__":
    main()
