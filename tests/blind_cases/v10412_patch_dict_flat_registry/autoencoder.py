"""Autoencoder assembled from registered components."""
import torch
import torch.nn as nn

import components


class AutoencoderRun:
    def __init__(self, cfg):
        self.encoder = components.ENCODERS[cfg["encoder"]](cfg)
        self.decoder = nn.Linear(cfg["code"], cfg["dim"])
        params = list(self.encoder.parameters()) + list(self.decoder.parameters())
        self.optimizer = torch.optim.Adam(params, lr=cfg["lr"])
        self.scheduler = components.SCHEDULES[cfg["schedule"]](self.optimizer, cfg)

    def train(self, data, steps):
        losses = []
        for _ in range(steps):
            recon = self.decoder(self.encoder(data))
            loss = nn.functional.mse_loss(recon, data)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.scheduler.step()
            losses.append(loss.item())
        return losses
