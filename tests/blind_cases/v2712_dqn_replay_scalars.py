"""Double DQN on a contextual toy task with a process-wide bounded replay memory."""
import collections
import copy
import random

import torch
import torch.nn as nn

FIELDS = ("obs", "action", "reward", "next_obs", "done", "q_taken")
REPLAY = collections.deque(maxlen=512)
OBS_DIM, N_ACTIONS = 4, 3


class QNetwork(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(OBS_DIM, hidden), nn.ReLU(), nn.Linear(hidden, N_ACTIONS))

    def forward(self, obs):
        return self.net(obs)


class Agent:
    def __init__(self, cfg):
        self.cfg = cfg
        self.online = QNetwork()
        self.target = copy.deepcopy(self.online).requires_grad_(False)
        self.opt = torch.optim.Adam(self.online.parameters(), lr=cfg["lr"])
        self.updates = 0

    def act(self, obs, eps):
        q = self.online(obs)
        action = random.randrange(N_ACTIONS) if random.random() < eps else int(q.argmax())
        return action, q[action]

    def remember(self, obs, action, reward, next_obs, done, q_taken):
        REPLAY.append((obs.tolist(), action, float(reward), next_obs.tolist(), done, q_taken.item()))

    def learn(self):
        batch = random.sample(REPLAY, min(self.cfg["batch_size"], len(REPLAY)))
        cols = dict(zip(FIELDS, zip(*batch)))
        obs, nxt = torch.tensor(cols["obs"]), torch.tensor(cols["next_obs"])
        actions, rewards = torch.tensor(cols["action"]), torch.tensor(cols["reward"])
        done = torch.tensor(cols["done"], dtype=torch.float32)
        with torch.no_grad():
            best = self.online(nxt).argmax(1, keepdim=True)
            target = rewards + self.cfg["gamma"] * (1 - done) * self.target(nxt).gather(1, best).squeeze(1)
        q = self.online(obs).gather(1, actions.unsqueeze(1)).squeeze(1)
        loss = nn.functional.smooth_l1_loss(q, target)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.updates += 1
        if self.updates % self.cfg["sync_every"] == 0:
            self.target.load_state_dict(self.online.state_dict())
        return loss.item()


def env_step(obs, action):
    reward = 1.0 if action == int(obs[:N_ACTIONS].argmax()) else 0.0
    return torch.randn(OBS_DIM), reward, random.random() < 0.1


def main():
    random.seed(0)
    cfg = {"lr": 1e-3, "gamma": 0.9, "batch_size": 32, "sync_every": 4}
    for run in range(2):
        torch.manual_seed(run)
        agent = Agent(cfg)
        obs, losses = torch.randn(OBS_DIM), []
        for t in range(96):
            action, q_taken = agent.act(obs, eps=max(0.05, 1.0 - t / 64))
            next_obs, reward, done = env_step(obs, action)
            agent.remember(obs, action, reward, next_obs, done, q_taken)
            obs = torch.randn(OBS_DIM) if done else next_obs
            if t % 8 == 7:
                losses.append(agent.learn())
        print(f"run {run}: mean td loss {sum(losses) / len(losses):.4f}, replay size {len(REPLAY)}")


if __name__ == "__main__":
    main()
