"""A2C with a count-based bonus on a batch of sparse-reward gridworlds."""
import torch
import torch.nn.functional as F

from agent import A2C, ActorCritic
from exploration import SimHashBonus, distinct_codes

CONFIG = {"size": 5, "n_envs": 4, "n_steps": 6, "updates": 5}
MOVES = torch.tensor([[0, 1], [1, 0], [0, -1], [-1, 0]])


class GridBatch:
    def __init__(self, n, size):
        self.n, self.size = n, size
        self.pos = torch.zeros(n, 2, dtype=torch.long)

    def obs(self):
        return F.one_hot(self.pos[:, 0] * self.size + self.pos[:, 1], self.size ** 2).float()

    def step(self, actions):
        self.pos = (self.pos + MOVES[actions]).clamp(0, self.size - 1)
        done = (self.pos == self.size - 1).all(-1).float()
        self.pos[done.bool()] = 0
        return self.obs(), done, done


def main():
    torch.manual_seed(0)
    envs = GridBatch(CONFIG["n_envs"], CONFIG["size"])
    model = ActorCritic(CONFIG["size"] ** 2, 4)
    learner = A2C(model, SimHashBonus(feat_dim=32))
    obs = envs.obs()
    for update in range(CONFIG["updates"]):
        rollout = {k: [] for k in ("log_prob", "value", "reward", "bonus", "done", "entropy")}
        for _ in range(CONFIG["n_steps"]):
            feats, dist, value = model(obs)
            action = dist.sample()
            obs, reward, done = envs.step(action)
            rollout["log_prob"].append(dist.log_prob(action))
            rollout["entropy"].append(dist.entropy())
            rollout["value"].append(value)
            rollout["bonus"].append(learner.bonus_fn(feats))
            rollout["reward"].append(reward)
            rollout["done"].append(done)
        with torch.no_grad():
            last_value = model(obs)[2]
        loss = learner.update(rollout, last_value)
        print(f"update {update}: loss {loss:.3f}, distinct codes {distinct_codes()}")


if __name__ == "__main__":
    main()
