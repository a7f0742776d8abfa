"""Random-shooting MPC with a learned terminal value."""
import torch


class ReturnTracker:
    def __init__(self, env, gamma):
        self.env = env  # cycle
        self.gamma = gamma
        self.discount = 1.0
        self.total = 0.0
        env.add_listener(self.on_step)

    def on_step(self, state, reward):
        self.total += self.discount * reward
        self.discount *= self.gamma


class ShootingMPC:
    def __init__(self, value_fn, horizon=5, candidates=8, gamma=0.97, noise=0.6):
        self.value_fn = value_fn
        self.horizon, self.candidates = horizon, candidates
        self.gamma, self.noise = gamma, noise
        self.mean = torch.zeros(horizon)

    @torch.no_grad()
    def plan(self, env):
        plans = self.mean + self.noise * torch.randn(self.candidates, self.horizon)
        scores = torch.empty(self.candidates)
        for i, plan in enumerate(plans):
            sim = env.clone()
            tracker = ReturnTracker(sim, self.gamma)
            for force in plan:
                sim.step(force)
            bootstrap = tracker.discount * self.value_fn(sim.state.unsqueeze(0)).item()
            scores[i] = tracker.total + bootstrap
        best = plans[scores.argmax()]
        self.mean = torch.cat([best[1:], best.new_zeros(1)])
        return best[0]
