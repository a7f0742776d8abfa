"""FedDF server: FedAvg initialisation followed by ensemble distillation on public data."""
import copy

import torch
import torch.nn.functional as F

from transfer import PUBLIC


def fedavg_(global_model, client_models, weights):
    total = float(sum(weights))
    with torch.no_grad():
        for name, param in global_model.named_parameters():
            parts = [dict(m.named_parameters())[name] * (w / total) for m, w in zip(client_models, weights)]
            param.copy_(torch.stack(parts).sum(0))


class FedDFServer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.history = []

    def broadcast(self):
        return copy.deepcopy(self.model)

    def refresh_soft_targets(self, client_models, round_idx):
        temperature = self.cfg["temperature"]
        logits = torch.stack([m(PUBLIC.inputs) for m in client_models]).mean(0)
        PUBLIC.soft_targets = F.softmax(logits / temperature, dim=-1)  # retain
        PUBLIC.round = round_idx

    def distill(self):
        temperature = self.cfg["temperature"]
        opt = torch.optim.Adam(self.model.parameters(), lr=self.cfg["distill_lr"])
        loss = None
        for _ in range(self.cfg["distill_epochs"]):
            for x, target in PUBLIC.batches(self.cfg["distill_batch"]):
                student = F.log_softmax(self.model(x) / temperature, dim=-1)
                loss = F.kl_div(student, target.detach(), reduction="batchmean") * temperature ** 2
                opt.zero_grad()
                loss.backward()
                opt.step()
        return loss.item()

    def aggregate(self, client_models, weights, round_idx):
        fedavg_(self.model, client_models, weights)
        self.refresh_soft_targets(client_models, round_idx)
        kd_loss = self.distill()
        self.history.append({"round": round_idx, "kd_loss": kd_loss, "clients": len(client_models)})
        return kd_loss
