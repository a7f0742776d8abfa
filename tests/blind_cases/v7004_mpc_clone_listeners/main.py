"""MPC control on the cart track with a TD(0) terminal value function fitted online."""
import torch
import torch.nn as nn

from planning import ShootingMPC
from sim import CartTrack

CONFIG = {"episodes": 2, "steps": 10, "gamma": 0.97, "lr": 1e-2}


class EpisodeLog:
    def __init__(self):
        self.rewards = []

    def __call__(self, state, reward):
        self.rewards.append(reward)


def main():
    torch.manual_seed(0)
    value_fn = nn.Sequential(nn.Linear(2, 32), nn.Tanh(), nn.Linear(32, 1))
    opt = torch.optim.Adam(value_fn.parameters(), lr=CONFIG["lr"])
    for episode in range(CONFIG["episodes"]):
        env = CartTrack()
        log = EpisodeLog()
        env.add_listener(log)
        planner = ShootingMPC(value_fn, gamma=CONFIG["gamma"])
        state = env.reset(seed=episode)
        for _ in range(CONFIG["steps"]):
            force = planner.plan(env)
            next_state, reward = env.step(force)
            with torch.no_grad():
                target = reward + CONFIG["gamma"] * value_fn(next_state.unsqueeze(0))
            loss = (value_fn(state.unsqueeze(0)) - target).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            state = next_state
        print(f"episode {episode}: return {sum(log.rewards):.3f} over {len(log.rewards)} logged steps")


if __name__ == "__main__":
    main()
