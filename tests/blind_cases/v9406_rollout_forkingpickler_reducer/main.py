"""Synchronous actor-learner loop: the learner receives fragments over a pipe."""
import multiprocessing
import pickle

import torch
import torch.nn as nn

from worker import RolloutWorker

CONFIG = {"grid": 3, "obs_scale": 1.0, "fragment": 16, "iterations": 4, "gamma": 0.9, "lr": 1e-2}


def discounted(rewards, dones, gamma):
    out, running = torch.zeros_like(rewards), 0.0
    for t in reversed(range(len(rewards))):
        running = rewards[t] + gamma * running * (1.0 - dones[t])
        out[t] = running
    return out


def train(run_id, cfg):
    torch.manual_seed(run_id)
    n_obs = cfg["grid"] ** 2
    policy = nn.Sequential(nn.Linear(n_obs, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.Adam(policy.parameters(), lr=cfg["lr"])
    worker = RolloutWorker(run_id, policy, cfg)
    recv_end, send_end = multiprocessing.Pipe(duplex=False)
    try:
        for it in range(cfg["iterations"]):
            worker.send(send_end, worker.collect(cfg["fragment"]))
            batch = pickle.loads(recv_end.recv_bytes())
            returns = discounted(batch.rewards, batch.dones, cfg["gamma"])
            logp = torch.log_softmax(policy(batch.obs), -1).gather(1, batch.actions.unsqueeze(1)).squeeze(1)
            loss = -(logp * (returns - returns.mean())).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    finally:
        recv_end.close()
        send_end.close()
    return loss.item()


def main():
    for run_id in range(2):
        print(f"run {run_id}: final loss {train(run_id, CONFIG):.4f}")


if __name__ == "__main__":
    main()
