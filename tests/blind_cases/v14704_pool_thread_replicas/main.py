"""Blue/green rollout: each model version gets a service that is warmed up, used, closed."""
import torch

from service import SentimentGRU, SentimentService

ROLLOUT = ["2024-05-01", "2024-05-08"]


def serve_version(version, batches):
    torch.manual_seed(len(version))
    service = SentimentService("sentiment", version, SentimentGRU())
    service.warmup()
    labels = [service.predict(batch) for batch in batches]
    served = service.served
    service.close()
    return served, labels[-1]


def main():
    torch.manual_seed(0)
    batches = [torch.randint(0, 50, (4, 8)) for _ in range(5)]
    for version in ROLLOUT:
        served, last = serve_version(version, batches)
        print(f"{version}: served {served} requests, last batch labels {last}")


if __name__ == "__main__":
    main()
