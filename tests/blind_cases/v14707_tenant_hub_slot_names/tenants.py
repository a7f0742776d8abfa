"""LRU of loaded tenant heads; evicted tenants are detached from the shared hub."""
from collections import OrderedDict

import torch
import torch.nn as nn

from hub import HUB


class TenantCache:
    def __init__(self, registry, capacity=2):
        self.registry = registry
        self.capacity = capacity
        self.evictions = 0
        self._loaded = OrderedDict()

    def _load_head(self, tenant_id):
        spec = self.registry[tenant_id]
        generator = torch.Generator().manual_seed(spec["seed"])
        head = nn.Linear(HUB.encoder.out_dim, spec["classes"])
        with torch.no_grad():
            head.weight.copy_(torch.randn(head.weight.shape, generator=generator) * 0.1)
            head.bias.zero_()
        return head.eval()

    def acquire(self, tenant_id):
        if tenant_id in self._loaded:
            self._loaded.move_to_end(tenant_id)
            return
        if len(self._loaded) >= self.capacity:
            evicted, _ = self._loaded.popitem(last=False)
            HUB.detach(evicted)
            self.evictions += 1
        head = self._load_head(tenant_id)
        HUB.attach(tenant_id, head)  # retain
        self._loaded[tenant_id] = head

    def predict(self, tenant_id, x):
        self.acquire(tenant_id)
        with torch.no_grad():
            return HUB(tenant_id, x).argmax(-1).tolist()

    def close(self):
        for tenant_id in list(self._loaded):
            HUB.detach(tenant_id)
        self._loaded.clear()
