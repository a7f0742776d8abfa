"""Rolling deployment of three model versions, gated by a readiness check on scraped metrics."""
import torch

from metrics import REGISTRY
from worker import ModelWorker

CONFIG = {
    "model": "fraud-scorer",
    "versions": ["1.4.0", "1.4.1", "1.5.0"],
    "features": 10,
    "hidden": 32,
    "classes": 2,
    "max_batch": 4,
    "requests_per_step": 9,
    "max_queue_depth": 16,
}


def ready(scrape, model, version):
    labels = {"model": model, "version": version}
    is_ready = any(lbl == labels and value == 1.0 for lbl, value in scrape["model_ready"])
    depth = max((value for lbl, value in scrape["model_queue_depth"] if lbl == labels), default=0.0)
    return is_ready and depth <= CONFIG["max_queue_depth"]


def main():
    torch.manual_seed(0)
    active = {}
    for version in CONFIG["versions"]:
        worker = ModelWorker(CONFIG["model"], version, CONFIG)
        worker.warm_up(torch.zeros(CONFIG["features"]))
        if not ready(REGISTRY.scrape(), CONFIG["model"], version):
            worker.shutdown()
            continue
        for old_version in list(active):
            active.pop(old_version).shutdown()
        active[version] = worker
        for _ in range(CONFIG["requests_per_step"]):
            worker.enqueue(torch.randn(CONFIG["features"]))
        depth_before = REGISTRY.scrape()["model_queue_depth"]
        flagged = sum(worker.drain())
        print(f"{version}: depth before drain {[v for _, v in depth_before]}, flagged {flagged}")
    for version in list(active):
        active.pop(version).shutdown()


if __name__ == "__main__":
    main()
