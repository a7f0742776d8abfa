"""Batched REINFORCE: several observers share one agent that answers their requests in batches."""
import torch

from agent import BatchedAgent
from observer import Observer


def run_episode(agent, observers, n_steps):
    for ob in observers:
        ob.state = ob.env.reset()
    for _ in range(n_steps):
        futures = [ob.request(agent) for ob in observers]
        actions = [fut.wait() for fut in futures]
        for ob, action in zip(observers, actions):
            ob.apply(agent, action)
    return agent.finish_episode()


def train(seed, num_observers=4, episodes=3, n_steps=6):
    torch.manual_seed(seed)
    agent = BatchedAgent(num_observers)
    observers = [Observer(i, seed * 100 + i) for i in range(num_observers)]
    losses = [run_episode(agent, observers, n_steps) for _ in range(episodes)]
    return losses[-1], sum(agent.batch_latency)


def main():
    for seed in range(2):
        train(seed)


if __name__ == "__main__":
    main()
