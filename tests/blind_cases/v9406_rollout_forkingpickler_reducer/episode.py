"""Fixed-length rollout fragment exchanged between rollout workers and the learner."""
from dataclasses import dataclass, field

import torch


@dataclass
class EpisodeBatch:
    obs: torch.Tensor
    actions: torch.Tensor
    rewards: torch.Tensor
    dones: torch.Tensor
    worker_id: int = 0
    frames: list = field(default_factory=list)

    @classmethod
    def from_wire(cls, worker_id, obs_shape, obs_bytes, scale, actions, rewards, dones):
        obs = torch.tensor(list(obs_bytes), dtype=torch.uint8).float().mul_(scale / 255.0)
        return cls(obs.view(obs_shape), torch.tensor(actions), torch.tensor(rewards),
                   torch.tensor(dones, dtype=torch.float32), worker_id)

    def __len__(self):
        return self.actions.shape[0]
