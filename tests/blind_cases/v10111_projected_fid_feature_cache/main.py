"""Hinge-loss GAN with a per-epoch Frechet distance computed in the discriminator's feature space."""
import torch
import torch.nn.functional as F

from metrics import ProjectedFID
from networks import Discriminator, Generator

CFG = {"z_dim": 8, "dim": 6, "feat_dim": 8, "epochs": 3, "steps": 4, "batch": 32, "eval_batches": 2}


def real_data(n, dim):
    base = torch.randn(n, 2)
    mix = torch.linspace(-1, 1, dim * 2).view(2, dim)
    return torch.tanh(base @ mix) + 0.05 * torch.randn(n, dim)


def main():
    torch.manual_seed(0)
    G, D = Generator(CFG["z_dim"], CFG["dim"]), Discriminator(CFG["dim"], CFG["feat_dim"])
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
    eval_set = [real_data(CFG["batch"], CFG["dim"]) for _ in range(CFG["eval_batches"])]
    fid = ProjectedFID(D.trunk)
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["steps"]):
            real = real_data(CFG["batch"], CFG["dim"])
            fake = G(torch.randn(CFG["batch"], CFG["z_dim"]))
            d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()
            g_loss = -D(G(torch.randn(CFG["batch"], CFG["z_dim"]))).mean()
            opt_g.zero_grad()
            g_loss.backward()
            opt_g.step()
        score = fid(eval_set, G, CFG["z_dim"])
        print(f"epoch {epoch} d={d_loss.item():.3f} g={g_loss.item():.3f} pFID={score:.4f}")


if __name__ == "__main__":
    main()
