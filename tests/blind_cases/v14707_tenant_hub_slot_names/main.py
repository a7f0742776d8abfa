"""Replays a mixed-tenant request log through an LRU of tenant heads on the shared hub."""
import torch

from hub import HUB
from tenants import TenantCache

REGISTRY = {
    "acme": {"classes": 3, "seed": 11},
    "globex.eu": {"classes": 5, "seed": 12},
    "initech-us": {"classes": 2, "seed": 13},
    "umbrella": {"classes": 4, "seed": 14},
}
REQUEST_LOG = ["acme", "globex.eu", "acme", "initech-us", "umbrella", "globex.eu", "acme", "initech-us"]


def main():
    torch.manual_seed(0)
    cache = TenantCache(REGISTRY, capacity=2)
    answers = {}
    for tenant_id in REQUEST_LOG:
        answers.setdefault(tenant_id, []).extend(cache.predict(tenant_id, torch.randn(3, 12)))
    cache.close()
    print(f"evictions={cache.evictions} tenants={sorted(answers)} heads left={list(HUB.heads.keys())}")


if __name__ == "__main__":
    main()
