"""FixMatch training step with confidence-thresholded pseudo-labels."""
import torch
import torch.nn.functional as F

from align import distribution_alignment


class FixMatch:
    def __init__(self, model, num_classes, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9, nesterov=True)
        self.p_target = torch.full((num_classes,), 1.0 / num_classes)
        self.mask_rate = []

    def pseudo_label(self, logits_uw):
        probs = torch.softmax(logits_uw / self.cfg["T"], dim=-1)
        if self.cfg["dist_align"]:
            probs = distribution_alignment(probs, self.p_target)
        max_probs, targets_u = probs.max(dim=-1)
        mask = max_probs.ge(self.cfg["threshold"]).float()
        return targets_u, mask

    def train_step(self, x_l, y_l, x_uw, x_us):
        n_l = x_l.shape[0]
        logits = self.model(torch.cat([x_l, x_uw, x_us]))
        logits_l = logits[:n_l]
        logits_uw, logits_us = logits[n_l:].chunk(2)
        loss_l = F.cross_entropy(logits_l, y_l)
        targets_u, mask = self.pseudo_label(logits_uw)
        loss_u = (F.cross_entropy(logits_us, targets_u, reduction="none") * mask).mean()
        loss = loss_l + self.cfg["lambda_u"] * loss_u
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.mask_rate.append(mask.mean().item())
        return loss.item()
