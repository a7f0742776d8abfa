"""Start the embedding service, warm it up, and serve a few traced requests."""
import torch

from engine import EmbeddingService, Encoder
from tracing import traced_request


def handle(service, request_id, texts):
    with traced_request(request_id) as trace:
        vectors = service.embed(texts)
    print(request_id, tuple(vectors.shape), trace.summary())
    return vectors.tolist()


def main():
    torch.manual_seed(0)
    service = EmbeddingService(Encoder())
    service.warmup()
    queries = [["where is my order", "cancel it"], ["refund policy"], ["hi", "hello", "hey there"]]
    for i, texts in enumerate(queries * 2):
        handle(service, "req-%d" % i, texts)
        if i % 2 == 0:
            assert service.health_check()


if __name__ == "__main__":
    main()
