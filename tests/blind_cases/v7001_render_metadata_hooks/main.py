"""DDPG-style training with periodic rendered evaluation episodes for the video log."""
import torch
import torch.nn as nn

from envs import PointMass
from wrappers import ValueOverlay

CONFIG = {"epochs": 3, "updates_per_epoch": 4, "eval_episodes": 2, "max_steps": 12, "gamma": 0.95}


def evaluate(actor, critic, episodes, max_steps):
    returns, frames = [], []
    for ep in range(episodes):
        env = ValueOverlay(PointMass(), actor, critic)
        obs, ep_return = env.reset(seed=ep), 0.0
        for _ in range(max_steps):
            with torch.no_grad():
                action = actor(obs.unsqueeze(0)).squeeze(0)
            obs, reward, done, _ = env.step(action)
            ep_return += reward
            frames.append(env.render())
            if done:
                break
        returns.append(ep_return)
    return sum(returns) / len(returns), len(frames)


def q_value(critic, obs, action):
    return critic(torch.cat([obs, action], dim=-1))


def main():
    torch.manual_seed(0)
    actor = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2), nn.Tanh())
    critic = nn.Sequential(nn.Linear(6, 32), nn.Tanh(), nn.Linear(32, 1))
    actor_opt = torch.optim.Adam(actor.parameters(), lr=1e-3)
    critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
    train_env = PointMass()
    for epoch in range(CONFIG["epochs"]):
        obs = train_env.reset(seed=100 + epoch)
        for _ in range(CONFIG["updates_per_epoch"]):
            s = obs.unsqueeze(0)
            with torch.no_grad():
                a = actor(s) + 0.1 * torch.randn(1, 2)
            next_obs, reward, done, _ = train_env.step(a.squeeze(0))
            with torch.no_grad():
                s2 = next_obs.unsqueeze(0)
                target = reward + CONFIG["gamma"] * (1.0 - float(done)) * q_value(critic, s2, actor(s2))
            critic_loss = (q_value(critic, s, a) - target).pow(2).mean()
            critic_opt.zero_grad()
            critic_loss.backward()
            critic_opt.step()
            actor_loss = -q_value(critic, s, actor(s)).mean()
            actor_opt.zero_grad()
            actor_loss.backward()
            actor_opt.step()
            obs = train_env.reset(seed=epoch) if done else next_obs
        mean_ret, n_frames = evaluate(actor, critic, CONFIG["eval_episodes"], CONFIG["max_steps"])
        print(f"epoch {epoch}: eval return {mean_ret:.2f} over {n_frames} frames")


if __name__ == "__main__":
    main()
