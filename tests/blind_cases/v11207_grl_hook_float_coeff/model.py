"""Multi-task network: label head, auxiliary rotation head, adversarial domain head."""
import torch.nn as nn

from grl import dann_coefficient, reverse_gradient


class DomainAdversarialMTL(nn.Module):
    def __init__(self, in_dim, width, n_classes, n_domains):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.heads = nn.ModuleDict({
            "label": nn.Linear(width, n_classes),
            "rotation": nn.Linear(width, 4),
        })
        self.domain_head = nn.Sequential(nn.Linear(width, width // 2), nn.ReLU(), nn.Linear(width // 2, n_domains))
        self.grl_coeff = 0.0
        self.last_domain_logits = None

    def set_progress(self, progress):
        self.grl_coeff = dann_coefficient(progress)

    def forward(self, x):
        z = self.encoder(x)
        outputs = {name: head(z) for name, head in self.heads.items()}
        z_adv = reverse_gradient(z, self.grl_coeff)
        outputs["domain"] = self.domain_head(z_adv)
        self.last_domain_logits = outputs["domain"]
        return outputs
