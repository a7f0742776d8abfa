"""FixMatch with a hard confidence threshold; batches with a non-finite loss are skipped."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from diagnostics import NonFiniteLoss, SkipReport, check_finite

CFG = {"threshold": 0.65, "lambda_u": 1.0, "lr": 0.1, "mu": 2, "batch_size": 8, "epochs": 3}


class FixMatchTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.skips = SkipReport()  # cycle

    def unlabeled_loss(self, logits_uw, logits_us):
        probs = torch.softmax(logits_uw.detach(), dim=-1)
        conf, pseudo = probs.max(dim=-1)
        keep = conf >= self.cfg["threshold"]
        return F.cross_entropy(logits_us[keep], pseudo[keep])

    def train_step(self, x_l, y_l, x_uw, x_us):
        n = x_l.shape[0]
        logits = self.model(torch.cat([x_l, x_uw, x_us]))
        logits_uw, logits_us = logits[n:].chunk(2)
        loss_u = self.unlabeled_loss(logits_uw, logits_us)
        check_finite("unlabeled loss", loss_u)
        loss = F.cross_entropy(logits[:n], y_l) + self.cfg["lambda_u"] * loss_u
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self, labeled, unlabeled):
        (x_l, y_l), bs, mu = labeled, self.cfg["batch_size"], self.cfg["mu"]
        for epoch in range(self.cfg["epochs"]):
            for step, (xb, yb) in enumerate(zip(x_l.split(bs), y_l.split(bs))):
                ub = unlabeled[step * bs * mu:(step + 1) * bs * mu]
                x_uw = ub + 0.05 * torch.randn_like(ub)
                x_us = (ub + 0.4 * torch.randn_like(ub)) * (torch.rand_like(ub) > 0.3)
                try:
                    self.train_step(xb, yb, x_uw, x_us)
                except NonFiniteLoss as err:
                    self.skips.record(epoch, step, err)
        return self.skips.summary()


def main():
    torch.manual_seed(0)
    centers = torch.randn(3, 10) * 2
    y_l = torch.arange(24) % 3
    x_l = centers[y_l] + torch.randn(24, 10)
    x_u = centers[torch.randint(0, 3, (48,))] + torch.randn(48, 10)
    for width in (24, 32):
        model = nn.Sequential(nn.Linear(10, width), nn.ReLU(), nn.Linear(width, 3))
        trainer = FixMatchTrainer(model, CFG)
        print("width %d: %s" % (width, trainer.fit((x_l, y_l), x_u)))


if __name__ == "__main__":
    main()
