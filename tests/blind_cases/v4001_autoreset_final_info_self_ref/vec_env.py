"""Batched point-reaching task simulated in torch, plus a gymnasium-style auto-reset wrapper."""
import torch


class PointReachVecEnv:
    """N independent 2-D point masses that must reach a goal; all envs step in lockstep."""

    def __init__(self, num_envs, max_steps=12, seed=0):
        self.num_envs = num_envs
        self.max_steps = max_steps
        self.gen = torch.Generator().manual_seed(seed)
        self.pos = torch.zeros(num_envs, 2)
        self.goal = torch.zeros(num_envs, 2)
        self.elapsed = torch.zeros(num_envs, dtype=torch.long)
        self.obs_dim = 4

    def _obs(self):
        return torch.cat([self.pos, self.goal - self.pos], dim=1)

    def reset(self, env_idx=None):
        if env_idx is None:
            env_idx = torch.arange(self.num_envs)
        n = len(env_idx)
        self.pos[env_idx] = torch.rand(n, 2, generator=self.gen) * 2 - 1
        self.goal[env_idx] = torch.rand(n, 2, generator=self.gen) * 2 - 1
        self.elapsed[env_idx] = 0
        return self._obs(), {"reset_envs": env_idx}

    def step(self, actions):
        self.pos = (self.pos + 0.25 * actions.clamp(-1, 1)).clamp(-1.5, 1.5)
        self.elapsed += 1
        dist = (self.goal - self.pos).norm(dim=1)
        reward = -dist
        terminated = dist < 0.2
        truncated = self.elapsed >= self.max_steps
        return self._obs(), reward, terminated, truncated, {"distance": dist}


class RecordEpisodeAutoReset:
    """Tracks episode returns and resets finished sub-environments in place."""

    def __init__(self, env):
        self.env = env
        self.returns = torch.zeros(env.num_envs)
        self.lengths = torch.zeros_like(env.elapsed)

    def __getattr__(self, name):
        return getattr(self.env, name)

    def reset(self):
        self.returns.zero_()
        self.lengths.zero_()
        return self.env.reset()

    def step(self, actions):
        obs, rew, terminated, truncated, infos = self.env.step(actions)
        self.returns += rew
        self.lengths += 1
        dones = terminated | truncated
        if dones.any():
            infos["episode"] = {"r": self.returns.clone(), "l": self.lengths.clone(), "_r": dones}
            final_obs = obs
            obs, _ = self.env.reset(env_idx=dones.nonzero().flatten())
            infos["final_info"] = infos  # cycle
            infos["final_observation"] = final_obs
            self.returns[dones], self.lengths[dones] = 0, 0
        return obs, rew, terminated, truncated, infos
