"""Progressive-growing GAN trainer: two networks, two optimizers and one fade-in schedule."""
import torch
import torch.nn.functional as F

from nets import Discriminator, Generator
from progressive import FadeSchedule

CFG = {"z_dim": 16, "batch": 8, "lr": 2e-3, "betas": (0.0, 0.99), "steps_per_stage": 4, "max_stage": 2}


def real_batch(n, length):
    return torch.sin(torch.linspace(0, 6.283, length) + torch.rand(n, 1) * 6.283).unsqueeze(1)


class ProGANTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.G = Generator(cfg["z_dim"], max_stage=cfg["max_stage"])
        self.D = Discriminator(max_stage=cfg["max_stage"])
        self.opt_g = torch.optim.Adam(self.G.parameters(), lr=cfg["lr"], betas=cfg["betas"])
        self.opt_d = torch.optim.Adam(self.D.parameters(), lr=cfg["lr"], betas=cfg["betas"])
        self.fade = FadeSchedule(fade_steps=cfg["steps_per_stage"] // 2)
        for net in (self.G, self.D):
            net.bind_schedule(self.fade)
        self.history = []

    def d_step(self, real):
        fake = self.G(torch.randn(real.size(0), self.cfg["z_dim"])).detach()
        loss = F.softplus(self.D(fake)).mean() + F.softplus(-self.D(real)).mean()
        self.opt_d.zero_grad()
        loss.backward()
        self.opt_d.step()
        return loss.item()

    def g_step(self, n):
        loss = F.softplus(-self.D(self.G(torch.randn(n, self.cfg["z_dim"])))).mean()
        self.opt_g.zero_grad()
        loss.backward()
        self.opt_g.step()
        return loss.item()

    def fit(self):
        for stage in range(self.cfg["max_stage"] + 1):
            if stage:
                self.fade.grow()
            for _ in range(self.cfg["steps_per_stage"]):
                real = real_batch(self.cfg["batch"], 4 * 2 ** self.fade.stage)
                self.history.append((stage, self.d_step(real), self.g_step(self.cfg["batch"])))
                self.fade.advance()
        return self.history


def main():
    torch.manual_seed(0)
    for _ in range(2):
        ProGANTrainer(CFG).fit()


if __name__ == "__main__":
    main()
