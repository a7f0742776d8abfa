"""Inference service whose predict endpoint is wrapped by a configurable middleware chain."""
import torch
import torch.nn as nn

from middleware import compose, to_float_list

SERVICE_CONFIG = {
    "middleware": ["timing", "validate", "response_cache"],
    "input_dim": 12,
}


class Regressor(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 24), nn.Tanh(), nn.Linear(24, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


class InferenceService:
    def __init__(self, model, config):
        self.model = model.eval()
        self.config = dict(config)
        self.stats = {}
        options = {
            "validate": {"expected_dim": config["input_dim"]},
            "timing": {"stats": self.stats},
            "response_cache": {"capacity": 16},
        }
        self.handler = compose(config["middleware"], self.predict, options)  # cycle

    @torch.no_grad()
    def predict(self, request):
        preds = self.model(request["inputs"])
        return {"predictions": to_float_list(preds), "model": type(self.model).__name__}

    def __call__(self, request):
        return self.handler(request)


def main():
    torch.manual_seed(0)
    for version in range(3):
        service = InferenceService(Regressor(SERVICE_CONFIG["input_dim"]), SERVICE_CONFIG)
        for step in range(4):
            request = {"inputs": torch.randn(5, 12), "cache_key": f"v{version}-{step % 2}"}
            response = service(request)
        try:
            service({"inputs": torch.randn(5, 7)})
        except ValueError as err:
            print("rejected:", err)
        print(version, response["predictions"][:2], len(service.stats["latency_ms"]))


if __name__ == "__main__":
    main()
