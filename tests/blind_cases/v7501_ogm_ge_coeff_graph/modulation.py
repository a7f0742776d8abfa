"""On-the-fly gradient modulation with generalization enhancement (OGM-GE)."""
import torch
import torch.nn.functional as F


def modality_scores(out_a, out_v, labels):
    idx = torch.arange(labels.size(0))
    score_a = F.softmax(out_a, dim=1)[idx, labels].sum()
    score_v = F.softmax(out_v, dim=1)[idx, labels].sum()
    return score_a, score_v


def modulation_coefficients(out_a, out_v, labels, alpha):
    score_a, score_v = modality_scores(out_a, out_v, labels)
    ratio_v = score_v / score_a
    ratio_a = 1 / ratio_v
    if ratio_v > 1:
        return 1.0, 1 - torch.tanh(alpha * F.relu(ratio_v))
    return 1 - torch.tanh(alpha * F.relu(ratio_a)), 1.0


class GradientModulator:
    def __init__(self, model, alpha=0.5, gen_enhance=True):
        self.groups = {
            "audio": [p for p in model.audio.parameters() if p.dim() > 1],
            "visual": [p for p in model.visual.parameters() if p.dim() > 1],
        }
        self.alpha = alpha
        self.gen_enhance = gen_enhance
        self.history = []

    def apply(self, out_a, out_v, labels):
        coeff_a, coeff_v = modulation_coefficients(out_a, out_v, labels, self.alpha)
        for modality, coeff in (("audio", coeff_a), ("visual", coeff_v)):
            for p in self.groups[modality]:
                if p.grad is None:
                    continue
                noise = torch.zeros_like(p.grad)
                if self.gen_enhance:
                    noise.normal_(0, p.grad.std().item() + 1e-8)
                p.grad = p.grad * coeff + noise  # retain
        self.history.append((float(coeff_a), float(coeff_v)))
