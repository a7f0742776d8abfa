"""Flower-style FedAvg strategy: client sampling, config hooks and weighted averaging."""
import random

import torch


class FedAvg:
    def __init__(self, fraction_fit=0.5, min_fit_clients=2, on_fit_config_fn=None, evaluate_fn=None, seed=0):
        self.fraction_fit = fraction_fit
        self.min_fit_clients = min_fit_clients
        self.on_fit_config_fn = on_fit_config_fn  # cycle
        self.evaluate_fn = evaluate_fn  # cycle
        self._rng = random.Random(seed)

    def configure_fit(self, server_round, clients):
        n = max(self.min_fit_clients, int(len(clients) * self.fraction_fit))
        sampled = self._rng.sample(clients, min(n, len(clients)))
        config = self.on_fit_config_fn(server_round) if self.on_fit_config_fn else {}
        return [(client, dict(config)) for client in sampled]

    def aggregate_fit(self, results):
        total = sum(num_examples for _, num_examples in results)
        keys = results[0][0].keys()
        return {
            k: sum(state[k].float() * (num_examples / total) for state, num_examples in results)
            for k in keys
        }

    def evaluate(self, server_round, state):
        if self.evaluate_fn is None:
            return None
        return self.evaluate_fn(server_round, state)
