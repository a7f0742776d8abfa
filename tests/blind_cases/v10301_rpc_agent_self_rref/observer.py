"""Observers: each owns a toy environment and queries the agent over RPC."""
import torch
import torch.distributed.rpc as rpc


def call_method(method, rref, *args, **kwargs):
    return method(rref.local_value(), *args, **kwargs)


def remote_method(method, rref, *args, **kwargs):
    return rpc.rpc_sync(rref.owner(), call_method, args=(method, rref) + args, kwargs=kwargs)


class ToyBalanceEnv:
    def __init__(self, seed):
        self.gen = torch.Generator().manual_seed(seed)

    def reset(self):
        self.state = torch.randn(4, generator=self.gen) * 0.1
        return self.state.clone()

    def step(self, action):
        push = 0.05 if action == 1 else -0.05
        self.state = self.state + torch.tensor([push, 0.0, -push, 0.0])
        return self.state.clone(), 1.0 - float(self.state.abs().sum())


class Observer:
    def __init__(self, ob_id, seed):
        self.id = ob_id
        self.env = ToyBalanceEnv(seed)

    def run_episode(self, agent_rref, n_steps):
        from agent import Agent
        state = self.env.reset()
        for _ in range(n_steps):
            action = remote_method(Agent.select_action, agent_rref, self.id, state)
            state, reward = self.env.step(action)
            remote_method(Agent.report_reward, agent_rref, self.id, reward)
