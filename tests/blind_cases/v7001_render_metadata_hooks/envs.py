"""Minimal gym-style environment API used by the evaluation scripts."""
import torch


class Env:
    metadata = {"render_modes": ["rgb_array"], "render_fps": 30}

    def render(self):
        frame = self._draw()
        for hook in self.metadata.get("render_hooks", ()):
            frame = hook(frame)
        return frame

    @property
    def unwrapped(self):
        return self


class Wrapper(Env):
    def __init__(self, env):
        self.env = env
        self.metadata = env.metadata

    def reset(self, seed=None):
        return self.env.reset(seed=seed)

    def step(self, action):
        return self.env.step(action)

    def render(self):
        return self.env.render()

    @property
    def unwrapped(self):
        return self.env.unwrapped


class PointMass(Env):
    def __init__(self, size=32, dt=0.05):
        self.size, self.dt = size, dt
        self.state = torch.zeros(4)
        self.goal = torch.tensor([0.5, 0.5])

    def reset(self, seed=None):
        gen = torch.Generator().manual_seed(seed or 0)
        self.state = torch.cat([torch.rand(2, generator=gen) * 2 - 1, torch.zeros(2)])
        return self.state.clone()

    def step(self, action):
        vel = 0.9 * self.state[2:] + self.dt * action.clamp(-1, 1)
        pos = (self.state[:2] + self.dt * vel).clamp(-1, 1)
        self.state = torch.cat([pos, vel])
        dist = float(torch.linalg.norm(pos - self.goal))
        return self.state.clone(), -dist, dist < 0.05, {}

    def _draw(self):
        frame = torch.zeros(3, self.size, self.size)
        px, py = ((self.state[:2] + 1) / 2 * (self.size - 1)).long().tolist()
        frame[:, py, px] = 1.0
        return frame
