"""XML-RPC control plane for a model replica: predict, warm-up and stats by method name."""
import xmlrpc.client
from xmlrpc.server import SimpleXMLRPCDispatcher

import torch
import torch.nn as nn

CONFIG = {"in_dim": 6, "hidden": 12, "classes": 3, "replicas": 3, "calls_per_replica": 4}


class ReplicaService:
    """Methods without a leading underscore are callable over RPC."""

    def __init__(self, name, model):
        self.name = name
        self.model = model.eval()
        self.calls = 0
        self.warm = False
        self.rpc = SimpleXMLRPCDispatcher(allow_none=True, encoding="utf-8")
        self.rpc.register_instance(self)  # cycle

    def warmup(self, batch_size):
        with torch.no_grad():
            self.model(torch.zeros(batch_size, CONFIG["in_dim"]))
        self.warm = True
        return {"replica": self.name, "warm": True}

    def predict(self, rows):
        self.calls += 1
        with torch.no_grad():
            probs = self.model(torch.tensor(rows, dtype=torch.float32)).softmax(-1)
        return {"labels": probs.argmax(-1).tolist(), "confidence": probs.max(-1).values.tolist()}

    def stats(self):
        return {"replica": self.name, "calls": self.calls, "warm": self.warm}

    def handle(self, body):
        return self.rpc._marshaled_dispatch(body)


def call(service, method, *params):
    body = xmlrpc.client.dumps(params, method, encoding="utf-8").encode("utf-8")
    (result,), _ = xmlrpc.client.loads(service.handle(body))
    return result


def main():
    torch.manual_seed(0)
    summary = []
    for r in range(CONFIG["replicas"]):
        model = nn.Sequential(nn.Linear(CONFIG["in_dim"], CONFIG["hidden"]), nn.ReLU(),
                              nn.Linear(CONFIG["hidden"], CONFIG["classes"]))
        service = ReplicaService(f"replica-{r}", model)
        call(service, "warmup", 4)
        for _ in range(CONFIG["calls_per_replica"]):
            rows = torch.randn(2, CONFIG["in_dim"]).tolist()
            call(service, "predict", rows)
        summary.append(call(service, "stats"))
    print(summary)


if __name__ == "__main__":
    main()
