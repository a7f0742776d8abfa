"""n-step A2C on a batch of slippery corridor environments, swept over learning rates."""
import torch
import torch.nn as nn

from config import A2CConfig, sweep


class SlipperyCorridor:
    def __init__(self, num_envs, length=7, slip=0.1):
        self.num_envs, self.length, self.slip = num_envs, length, slip
        self.pos = torch.zeros(num_envs, dtype=torch.long)

    def observe(self):
        return nn.functional.one_hot(self.pos, self.length).float()

    def step(self, action):
        move = torch.where(torch.rand(self.num_envs) < self.slip, -1, action * 2 - 1)
        self.pos = (self.pos + move).clamp(0, self.length - 1)
        done = self.pos == self.length - 1
        reward = done.float() - 0.02
        self.pos = torch.where(done, torch.zeros_like(self.pos), self.pos)
        return self.observe(), reward, (~done).float()


class ActorCritic(nn.Module):
    def __init__(self, obs_dim, n_actions=2, hidden=32):
        super().__init__()
        self.shared = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ReLU())
        self.pi = nn.Linear(hidden, n_actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs):
        h = self.shared(obs)
        return torch.distributions.Categorical(logits=self.pi(h)), self.v(h).squeeze(-1)


class A2CAgent:
    def __init__(self, cfg: A2CConfig):
        self.cfg = cfg
        self.env = SlipperyCorridor(cfg.num_envs)
        self.model = ActorCritic(self.env.length)
        self.opt = torch.optim.RMSprop(self.model.parameters(), lr=cfg.lr, alpha=0.99, eps=1e-5)
        self.storage = cfg.storage

    def update(self, next_obs):
        with torch.no_grad():
            _, next_value = self.model(next_obs)
        st = self.storage
        returns = st.returns(next_value, self.cfg.gamma)
        advantages = returns - torch.stack(st.values)
        policy_loss = -(advantages.detach() * torch.stack(st.log_probs)).mean()
        loss = policy_loss + self.cfg.value_coef * advantages.pow(2).mean() \
            - self.cfg.entropy_coef * torch.stack(st.entropies).mean()
        self.opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(self.model.parameters(), 0.5)
        self.opt.step()
        st.clear()
        return loss.item()

    def learn(self):
        obs = self.env.observe()
        for _ in range(self.cfg.total_steps):
            dist, value = self.model(obs)
            action = dist.sample()
            obs, reward, mask = self.env.step(action)
            self.storage.insert(dist.log_prob(action), value, dist.entropy(), reward, mask)
            if self.storage.full:
                self.update(obs)


def main():
    for cfg in sweep(A2CConfig(), lr=[7e-3, 2e-3]):
        torch.manual_seed(0)
        A2CAgent(cfg).learn()


if __name__ == "__main__":
    main()
