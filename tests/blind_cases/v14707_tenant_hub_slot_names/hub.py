"""Process-wide multi-tenant model: one frozen shared encoder, one small head per tenant."""
import torch.nn as nn


class SharedEncoder(nn.Module):
    out_dim = 24

    def __init__(self, in_dim=12):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, self.out_dim), nn.ReLU())

    def forward(self, x):
        return self.layers(x)


class TenantHub(nn.Module):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder.requires_grad_(False)
        self.heads = nn.ModuleDict()

    @staticmethod
    def slot(tenant_id):
        # module names may not contain "." -- tenant ids look like "globex.eu"
        return tenant_id.replace(".", "_").replace("-", "_")

    def attach(self, tenant_id, head):
        self.heads[self.slot(tenant_id)] = head  # retain

    def detach(self, tenant_id):
        if tenant_id in self.heads:
            del self.heads[tenant_id]

    def forward(self, tenant_id, x):
        return self.heads[self.slot(tenant_id)](self.encoder(x))


HUB = TenantHub(SharedEncoder()).eval()
