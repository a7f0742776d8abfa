"""Adversarially trained photometric augmentation: the policy ascends the task loss."""
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


@dataclass
class PolicyConfig:
    init_strength: float = 0.1
    policy_lr: float = 0.02
    max_strength: float = 0.5


class PhotometricPolicy(nn.Module):
    """Per-channel gain/bias whose magnitude is learned to make batches harder."""

    def __init__(self, channels, cfg):
        super().__init__()
        self.cfg = cfg
        self.gain = nn.Parameter(torch.full((channels,), cfg.init_strength))
        self.bias = nn.Parameter(torch.zeros(channels))
        self.grad_norms = []

    def _record_grad(self, grad):
        self.grad_norms.append(float(grad.norm()))

    def forward(self, images):
        noise = torch.randn(images.shape[0], images.shape[1], 1, 1)
        gain = 1 + (self.gain.clamp(-self.cfg.max_strength, self.cfg.max_strength)).view(1, -1, 1, 1) * noise
        view = images * gain + self.bias.view(1, -1, 1, 1)
        view.register_hook(self._record_grad)  # retain
        self.last_view = view  # retain
        return view


class AugmentedTrainer:
    def __init__(self, model, policy, cfg):
        self.model = model
        self.policy = policy
        self.opt = torch.optim.SGD(model.parameters(), lr=0.05)
        self.policy_opt = torch.optim.SGD(policy.parameters(), lr=cfg.policy_lr)

    def step(self, images, labels):
        loss = nn.functional.cross_entropy(self.model(self.policy(images)), labels)
        self.opt.zero_grad()
        self.policy_opt.zero_grad()
        loss.backward()
        for p in self.policy.parameters():
            p.grad.neg_()
        self.opt.step()
        self.policy_opt.step()
        return loss.item()


def main():
    data = TensorDataset(torch.randn(48, 3, 8, 8), torch.randint(0, 4, (48,)))
    cfg = PolicyConfig()
    for trial in range(2):
        model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
                              nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 4))
        trainer = AugmentedTrainer(model, PhotometricPolicy(3, cfg), cfg)
        for epoch in range(2):
            for images, labels in DataLoader(data, batch_size=12, shuffle=True):
                trainer.step(images, labels)


if __name__ == "__main__":
    main()
