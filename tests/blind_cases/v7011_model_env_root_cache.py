"""MBPO-style branched rollouts: a learned dynamics ensemble exposed through the same env/wrapper API."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"iters": 4, "real_steps": 16, "branches": 8, "horizon": 3, "gamma": 0.9, "ensemble": 3}


class Env:
    def __init__(self):
        self._root = self.unwrapped  # cycle

    @property
    def unwrapped(self):
        return self


class Wrapper(Env):
    def __init__(self, env):
        self.env = env
        super().__init__()

    @property
    def unwrapped(self):
        return self.env.unwrapped

    def step(self, action):
        return self.env.step(action)


class TimeLimit(Wrapper):
    def __init__(self, env, max_steps):
        super().__init__(env)
        self.max_steps, self.t = max_steps, 0

    def step(self, action):
        obs, reward, done, info = self.env.step(action)
        self.t += 1
        if self.t >= self.max_steps:
            done, info = torch.ones_like(done), {**info, "final_state": self._root.state.clone()}
        return obs, reward, done, info


class DoubleIntegrator(Env):
    def __init__(self):
        super().__init__()
        self.state = torch.zeros(1, 2)

    def step(self, action):
        pos, vel = self.state.unbind(-1)
        vel = vel + 0.1 * action.squeeze(-1)
        self.state = torch.stack([pos + 0.1 * vel, vel], dim=-1)
        return self.state, -self.state[:, 0].abs(), torch.zeros(1), {}


class ModelEnv(Env):
    def __init__(self, ensemble, start_states):
        super().__init__()
        self.ensemble, self.state = ensemble, start_states

    @torch.no_grad()
    def step(self, action):
        member = random.choice(self.ensemble)
        self.state = self.state + member(torch.cat([self.state, action], dim=-1))
        return self.state, -self.state[:, 0].abs(), torch.zeros(len(self.state)), {}


def fit_ensemble(ensemble, opts, real):
    obs, act, nxt = (torch.cat(x) for x in zip(*real))
    for model, opt in zip(ensemble, opts):
        idx = torch.randint(len(obs), (len(obs),))
        loss = F.mse_loss(model(torch.cat([obs[idx], act[idx]], -1)), (nxt - obs)[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    random.seed(0)
    torch.manual_seed(0)
    ensemble = [nn.Sequential(nn.Linear(3, 32), nn.SiLU(), nn.Linear(32, 2)) for _ in range(CONFIG["ensemble"])]
    opts = [torch.optim.Adam(m.parameters(), lr=1e-3) for m in ensemble]
    value = nn.Sequential(nn.Linear(2, 32), nn.Tanh(), nn.Linear(32, 1))
    value_opt = torch.optim.Adam(value.parameters(), lr=1e-3)
    real_env, real = DoubleIntegrator(), []
    for it in range(CONFIG["iters"]):
        for _ in range(CONFIG["real_steps"]):
            obs = real_env.state
            act = torch.rand(1, 1) * 2 - 1
            nxt, _, _, _ = real_env.step(act)
            real.append((obs, act, nxt))
        model_loss = fit_ensemble(ensemble, opts, real)
        starts = torch.cat([random.choice(real)[0] for _ in range(CONFIG["branches"])])
        model_env = TimeLimit(ModelEnv(ensemble, starts), CONFIG["horizon"])
        obs, done = starts, torch.zeros(CONFIG["branches"])
        while not bool(done.all()):
            nxt, reward, done, info = model_env.step(torch.rand(CONFIG["branches"], 1) * 2 - 1)
            with torch.no_grad():
                target = reward + CONFIG["gamma"] * (1 - done) * value(nxt).squeeze(-1)
            td_loss = F.mse_loss(value(obs).squeeze(-1), target)
            value_opt.zero_grad()
            td_loss.backward()
            value_opt.step()
            obs = nxt
        print(f"iter {it}: model loss {model_loss:.4f}, value TD loss {td_loss.item():.4f}")


if __name__ == "__main__":
    main()
