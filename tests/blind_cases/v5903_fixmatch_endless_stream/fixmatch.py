"""FixMatch trainer: supervised loss on labeled batches plus a consistency loss on
confident pseudo-labels from weakly augmented unlabeled batches."""
import torch
import torch.nn.functional as F


def weak_aug(x):
    return x + 0.05 * torch.randn_like(x)


def strong_aug(x):
    keep = (torch.rand_like(x) > 0.2).float()
    return (x + 0.3 * torch.randn_like(x)) * keep


class FixMatchTrainer:
    def __init__(self, model, labeled_loader, unlabeled_loader, cfg):
        self.model = model
        self.cfg = cfg
        self.labeled_loader = labeled_loader
        self.unlabeled_loader = unlabeled_loader
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9, nesterov=True)
        self.global_step = 0
        self._unlabeled = self._endless(self.unlabeled_loader)  # cycle
        self.mask_rates = []

    def _endless(self, loader):
        epoch = 0
        while True:
            for (xu,) in loader:
                yield xu
            epoch += 1
            self.on_unlabeled_epoch_end(epoch)

    def on_unlabeled_epoch_end(self, epoch):
        print(f"step {self.global_step}: unlabeled pass {epoch} done")

    def train_step(self, xl, yl):
        xu = next(self._unlabeled)
        logits_l = self.model(xl)
        with torch.no_grad():
            probs = F.softmax(self.model(weak_aug(xu)), dim=-1)
            conf, pseudo = probs.max(dim=-1)
            mask = (conf >= self.cfg["threshold"]).float()
        logits_s = self.model(strong_aug(xu))
        loss_x = F.cross_entropy(logits_l, yl)
        loss_u = (F.cross_entropy(logits_s, pseudo, reduction="none") * mask).mean()
        loss = loss_x + self.cfg["lambda_u"] * loss_u
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.global_step += 1
        self.mask_rates.append(mask.mean().item())
        return loss.item()

    def fit(self, max_steps):
        while self.global_step < max_steps:
            for xl, yl in self.labeled_loader:
                self.train_step(xl, yl)
                if self.global_step >= max_steps:
                    return
