"""Federated simulation driven by an Experiment that owns the strategy and the global model."""
import torch
import torch.nn as nn

from client import SimClient, make_model
from strategy import FedAvg

CONFIG = {
    "rounds": 3,
    "num_clients": 6,
    "in_dim": 12,
    "n_classes": 3,
    "lr": 0.05,
    "batch_size": 8,
    "local_epochs": 1,
    "lr_decay": 0.7,
}


class Experiment:
    def __init__(self, cfg):
        self.cfg = cfg
        torch.manual_seed(0)
        self.global_model = make_model(cfg["in_dim"], cfg["n_classes"])
        self.clients = [
            SimClient(cid, torch.randn(24, cfg["in_dim"]), torch.randint(0, cfg["n_classes"], (24,)),
                      cfg["in_dim"], cfg["n_classes"])
            for cid in range(cfg["num_clients"])
        ]
        self.x_test = torch.randn(48, cfg["in_dim"])
        self.y_test = torch.randint(0, cfg["n_classes"], (48,))
        self.history = []
        self.strategy = FedAvg(fraction_fit=0.5, on_fit_config_fn=self.fit_config, evaluate_fn=self.evaluate_global)  # cycle

    def fit_config(self, server_round):
        return {
            "lr": self.cfg["lr"] * self.cfg["lr_decay"] ** (server_round - 1),
            "batch_size": self.cfg["batch_size"],
            "local_epochs": self.cfg["local_epochs"],
        }

    @torch.no_grad()
    def evaluate_global(self, server_round, state):
        self.global_model.load_state_dict(state)
        logits = self.global_model(self.x_test)
        loss = nn.functional.cross_entropy(logits, self.y_test).item()
        acc = (logits.argmax(1) == self.y_test).float().mean().item()
        return {"round": server_round, "loss": loss, "acc": acc}

    def run(self):
        for rnd in range(1, self.cfg["rounds"] + 1):
            state = self.global_model.state_dict()
            instructions = self.strategy.configure_fit(rnd, self.clients)
            results = [client.fit(state, config) for client, config in instructions]
            new_state = self.strategy.aggregate_fit(results)
            self.history.append(self.strategy.evaluate(rnd, new_state))
        return self.history


def main():
    exp = Experiment(CONFIG)
    for row in exp.run():
        print(f"round {row['round']}: loss={row['loss']:.3f} acc={row['acc']:.2f}")


if __name__ == "__main__":
    main()
