"""On-the-fly gradient modulation with generalization enhancement (OGM-GE)."""
import torch
import torch.nn.functional as F


@torch.no_grad()
def modulation_coefficients(out_a, out_v, labels, alpha):
    idx = torch.arange(labels.size(0))
    score_a = F.softmax(out_a, dim=1)[idx, labels].sum()
    score_v = F.softmax(out_v, dim=1)[idx, labels].sum()
    ratio_v = (score_v / score_a).item()
    ratio_a = 1.0 / ratio_v
    if ratio_v > 1:
        return 1.0, 1.0 - torch.tanh(torch.tensor(alpha * max(ratio_v, 0.0))).item()
    return 1.0 - torch.tanh(torch.tensor(alpha * max(ratio_a, 0.0))).item(), 1.0


class GradientModulator:
    def __init__(self, model, alpha=0.5, gen_enhance=True):
        self.groups = {
            "audio": [p for p in model.audio.parameters() if p.dim() > 1],
            "visual": [p for p in model.visual.parameters() if p.dim() > 1],
        }
        self.alpha = alpha
        self.gen_enhance = gen_enhance
        self.history = []

    @torch.no_grad()
    def apply(self, out_a, out_v, labels):
        coeff_a, coeff_v = modulation_coefficients(out_a, out_v, labels, self.alpha)
        for modality, coeff in (("audio", coeff_a), ("visual", coeff_v)):
            for p in self.groups[modality]:
                if p.grad is None:
                    continue
                std = p.grad.std().item() + 1e-8
                p.grad.mul_(coeff)
                if self.gen_enhance:
                    p.grad.add_(torch.randn_like(p.grad) * std)
        self.history.append((coeff_a, coeff_v))
