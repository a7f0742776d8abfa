"""Federated simulation; the strategy hooks are module-level functions bound with partial."""
import functools

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


def fit_config(cfg, server_round):
    return {
        "lr": cfg["lr"] * cfg["lr_decay"] ** (server_round - 1),
        "batch_size": cfg["batch_size"],
        "local_epochs": cfg["local_epochs"],
    }


@torch.no_grad()
def evaluate_global(eval_model, x_test, y_test, server_round, state):
    eval_model.load_state_dict(state)
    logits = eval_model(x_test)
    loss = nn.functional.cross_entropy(logits, y_test).item()
    acc = (logits.argmax(1) == y_test).float().mean().item()
    return {"round": server_round, "loss": loss, "acc": acc}


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
        x_test = torch.randn(48, cfg["in_dim"])
        y_test = torch.randint(0, cfg["n_classes"], (48,))
        self.history = []
        self.strategy = FedAvg(
            fraction_fit=0.5,
            on_fit_config_fn=functools.partial(fit_config, dict(cfg)),
            evaluate_fn=functools.partial(evaluate_global, self.global_model, x_test, y_test),
        )

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
