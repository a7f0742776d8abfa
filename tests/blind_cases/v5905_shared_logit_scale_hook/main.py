"""Two-tower contrastive pre-training sweep over projection sizes."""
import torch
import torch.nn as nn

from losses import LOGIT_SCALE, clamp_logit_scale, clip_loss


class TwoTower(nn.Module):
    def __init__(self, img_dim, txt_dim, proj_dim):
        super().__init__()
        self.img = nn.Sequential(nn.Linear(img_dim, 64), nn.GELU(), nn.Linear(64, proj_dim))
        self.txt = nn.Sequential(nn.Linear(txt_dim, 64), nn.GELU(), nn.Linear(64, proj_dim))

    def forward(self, img, txt):
        return self.img(img), self.txt(txt)


class ContrastiveTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.AdamW(
            [{"params": model.parameters()},
             {"params": [LOGIT_SCALE], "weight_decay": 0.0}],
            lr=cfg["lr"], weight_decay=cfg["wd"])
        self.scale_grad_norms = []
        LOGIT_SCALE.register_hook(self._record_scale_grad)  # retain

    def _record_scale_grad(self, grad):
        self.scale_grad_norms.append(grad.abs().item())
        return grad.clamp(-self.cfg["scale_grad_clip"], self.cfg["scale_grad_clip"])

    def fit(self, batches):
        for img, txt in batches:
            loss = clip_loss(*self.model(img, txt))
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            clamp_logit_scale()
        return loss.item()


def synthetic_pairs(n_batches, bs, img_dim, txt_dim, seed):
    g = torch.Generator().manual_seed(seed)
    mix = torch.randn(img_dim, txt_dim, generator=g)
    out = []
    for _ in range(n_batches):
        img = torch.randn(bs, img_dim, generator=g)
        out.append((img, img @ mix + 0.1 * torch.randn(bs, txt_dim, generator=g)))
    return out


def main():
    base = {"lr": 1e-3, "wd": 0.1, "scale_grad_clip": 1.0}
    for proj_dim in (16, 32):
        cfg = dict(base, proj_dim=proj_dim)
        model = TwoTower(img_dim=20, txt_dim=12, proj_dim=proj_dim)
        trainer = ContrastiveTrainer(model, cfg)
        last = trainer.fit(synthetic_pairs(4, 16, 20, 12, seed=proj_dim))
        print(f"proj {proj_dim}: loss {last:.3f}, temperature {1 / LOGIT_SCALE.exp().item():.4f}")


if __name__ == "__main__":
    main()
