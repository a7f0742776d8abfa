"""Off-policy actor-critic with importance-weighted updates from a bounded replay store."""
import random

import torch
import torch.nn as nn

from replay import EXPERIENCE

OBS_DIM, N_ACTIONS = 4, 3


class ActorCritic(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(OBS_DIM, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, N_ACTIONS)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs):
        h = self.body(obs)
        return torch.distributions.Categorical(logits=self.pi(h)), self.v(h).squeeze(-1)


class BanditWalk:
    """Contextual toy task: the rewarded action is the argmax of the first three features."""

    def __init__(self, seed):
        self.rng = torch.Generator().manual_seed(seed)

    def reset(self):
        self.obs = torch.randn(OBS_DIM, generator=self.rng)
        return self.obs

    def step(self, action):
        reward = float(action == int(self.obs[:N_ACTIONS].argmax()))
        return self.reset(), reward, random.random() < 0.1


def act(model, env, steps):
    obs = env.reset()
    for _ in range(steps):
        dist, value = model(obs)
        action = dist.sample()
        next_obs, reward, done = env.step(int(action))
        EXPERIENCE.add(obs, int(action), reward, next_obs, done, dist.log_prob(action), value)  # retain
        obs = env.reset() if done else next_obs


def learn(model, opt, batch_size=32, gamma=0.9, clip=2.0):
    batch = EXPERIENCE.sample(batch_size)
    obs = torch.stack([t.obs for t in batch])
    nxt = torch.stack([t.next_obs for t in batch])
    actions = torch.tensor([t.action for t in batch])
    rewards = torch.tensor([t.reward for t in batch])
    not_done = torch.tensor([0.0 if t.done else 1.0 for t in batch])
    behaviour = torch.stack([t.behaviour_logp for t in batch]).detach()
    dist, values = model(obs)
    with torch.no_grad():
        target = rewards + gamma * not_done * model(nxt)[1]
    ratio = (dist.log_prob(actions) - behaviour).exp().clamp(max=clip)
    advantage = (target - values).detach()
    loss = -(ratio.detach() * advantage * dist.log_prob(actions)).mean() + 0.5 * (target - values).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def main():
    random.seed(0)
    for seed in range(2):
        torch.manual_seed(seed)
        model = ActorCritic()
        opt = torch.optim.RMSprop(model.parameters(), lr=3e-3)
        env = BanditWalk(seed)
        for it in range(6):
            act(model, env, steps=16)
            loss = learn(model, opt)
        print(f"run {seed}: last loss {loss:.4f}, stored transitions {len(EXPERIENCE)}")


if __name__ == "__main__":
    main()
