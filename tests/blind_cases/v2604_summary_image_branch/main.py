"""Convolutional autoencoder on random 8x8 patches; reconstructions, latent histograms and the
loss are sent to the experiment summaries every few steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import summaries

CONFIG = {"latent": 8, "steps_per_epoch": 4, "epochs": 2, "summary_every": 2, "lr": 1e-2}


class ConvAutoencoder(nn.Module):
    def __init__(self, latent):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(1, 4, 3, stride=2, padding=1), nn.ReLU(),
                                     nn.Flatten(), nn.Linear(4 * 4 * 4, latent))
        self.decoder = nn.Sequential(nn.Linear(latent, 4 * 4 * 4), nn.ReLU(),
                                     nn.Unflatten(1, (4, 4, 4)),
                                     nn.ConvTranspose2d(4, 1, 4, stride=2, padding=1))

    def forward(self, x):
        z = self.encoder(x)
        return torch.sigmoid(self.decoder(z)), z


class AutoencoderTask:
    def __init__(self, config):
        self.config = config
        self.model = ConvAutoencoder(config["latent"])
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=config["lr"])
        self.step = 0

    def training_step(self, patches):
        recon, z = self.model(patches)
        loss = F.binary_cross_entropy(recon, patches)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss, recon, z

    def fit(self, data):
        for epoch in range(self.config["epochs"]):
            for patches in data:
                loss, recon, z = self.training_step(patches)
                self.step += 1
                if self.step % self.config["summary_every"] == 0:
                    summaries.add_summaries(self.step, {"train/loss": loss,
                                                        "train/latent": z,
                                                        "train/reconstruction": recon})
            summaries.flush()


def main():
    torch.manual_seed(0)
    data = [torch.rand(6, 1, 8, 8) for _ in range(CONFIG["steps_per_epoch"])]
    task = AutoencoderTask(CONFIG)
    task.fit(data)
    print("final loss", summaries.latest("train/loss"))


if __name__ == "__main__":
    main()
