"""Observers each own one environment and ask the shared agent for actions."""
import torch


class ReachEnv:
    """1-D target reaching: move left/stay/right towards a hidden target."""

    def __init__(self, seed):
        self.gen = torch.Generator().manual_seed(seed)

    def reset(self):
        self.pos = float(torch.randint(-3, 4, (1,), generator=self.gen))
        self.target = float(torch.randint(-3, 4, (1,), generator=self.gen))
        return self.state()

    def state(self):
        return torch.tensor([self.pos / 3.0, self.target / 3.0, (self.target - self.pos) / 6.0])

    def step(self, action):
        self.pos = max(-4.0, min(4.0, self.pos + (action - 1)))
        reward = 1.0 if self.pos == self.target else -0.1
        return self.state(), reward


class Observer:
    def __init__(self, ob_id, seed):
        self.ob_id = ob_id
        self.env = ReachEnv(seed)
        self.state = self.env.reset()

    def request(self, agent):
        return agent.select_action(self.ob_id, self.state)

    def apply(self, agent, action):
        self.state, reward = self.env.step(action)
        agent.report_reward(self.ob_id, reward)
