"""DQN with prioritized replay on a curriculum of chain environments."""
import copy
import random

import torch
import torch.nn as nn

from prioritized import PrioritizedReplay

CONFIG = {"stages": [4, 6, 8], "steps_per_stage": 40, "batch_size": 16,
          "capacity": 48, "gamma": 0.95, "target_every": 10, "lr": 1e-3}
ONE_HOT = torch.eye(8)


def chain_step(pos, action, length):
    pos = max(0, min(length - 1, pos + 2 * action - 1))
    return pos, float(pos == length - 1), pos == length - 1


def train_stage(qnet, target, optimizer, length, cfg):
    replay = PrioritizedReplay(cfg["capacity"])
    pos = 0
    for step in range(cfg["steps_per_stage"]):
        explore = random.random() < max(0.1, 1.0 - step / 20)
        with torch.no_grad():
            action = random.randrange(2) if explore else int(qnet(ONE_HOT[pos]).argmax())
        next_pos, reward, done = chain_step(pos, action, length)
        replay.add(ONE_HOT[pos].clone(), action, reward, ONE_HOT[next_pos].clone(), done)
        pos = 0 if done else next_pos
        if replay.tree.size < cfg["batch_size"]:
            continue
        (o, a, r, o2, d), weights, slots = replay.sample(cfg["batch_size"])
        q = qnet(o).gather(1, a.unsqueeze(1)).squeeze(1)
        with torch.no_grad():
            target_q = r + cfg["gamma"] * (1 - d) * target(o2).max(1).values
        td = target_q - q
        loss = (weights * td.pow(2)).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        replay.update_priorities(slots, td)
        if step % cfg["target_every"] == 0:
            target.load_state_dict(qnet.state_dict())
    return replay.tree.root.total


def main():
    torch.manual_seed(0)
    qnet = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 2))
    target = copy.deepcopy(qnet)
    optimizer = torch.optim.Adam(qnet.parameters(), lr=CONFIG["lr"])
    for length in CONFIG["stages"]:
        mass = train_stage(qnet, target, optimizer, length, CONFIG)
        print(f"chain {length}: priority mass {mass:.3f}")


if __name__ == "__main__":
    main()
