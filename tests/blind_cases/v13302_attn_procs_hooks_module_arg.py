"""LoRA adapters for a tiny DiT denoiser, saved and reloaded through AttnProcsLayers."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRAAttnProcessor(nn.Module):
    def __init__(self, dim, rank=4, scale=1.0):
        super().__init__()
        self.scale = scale
        self.q_down, self.q_up = nn.Linear(dim, rank, bias=False), nn.Linear(rank, dim, bias=False)
        self.v_down, self.v_up = nn.Linear(dim, rank, bias=False), nn.Linear(rank, dim, bias=False)
        nn.init.zeros_(self.q_up.weight)
        nn.init.zeros_(self.v_up.weight)

    def __call__(self, attn, x):
        q = attn.to_q(x) + self.scale * self.q_up(self.q_down(x))
        k = attn.to_k(x)
        v = attn.to_v(x) + self.scale * self.v_up(self.v_down(x))
        probs = (q @ k.transpose(-1, -2) * attn.scale).softmax(dim=-1)
        return attn.to_out(probs @ v)


class Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.scale = dim ** -0.5
        self.to_q, self.to_k, self.to_v, self.to_out = (nn.Linear(dim, dim) for _ in range(4))
        self.processor = None

    def forward(self, x):
        if self.processor is None:
            probs = (self.to_q(x) @ self.to_k(x).transpose(-1, -2) * self.scale).softmax(dim=-1)
            return self.to_out(probs @ self.to_v(x))
        return self.processor(self, x)


class TinyDiT(nn.Module):
    def __init__(self, patch_dim=16, dim=24, depth=2):
        super().__init__()
        self.embed = nn.Linear(patch_dim, dim)
        self.t_embed = nn.Sequential(nn.Linear(1, dim), nn.SiLU(), nn.Linear(dim, dim))
        self.attns = nn.ModuleList(Attention(dim) for _ in range(depth))
        self.norms = nn.ModuleList(nn.LayerNorm(dim) for _ in range(depth))
        self.head = nn.Linear(dim, patch_dim)

    def forward(self, patches, t):
        h = self.embed(patches) + self.t_embed(t[:, None, None].float() / 1000)
        for norm, attn in zip(self.norms, self.attns):
            h = h + attn(norm(h))
        return self.head(h)


def _map_to(module, state_dict, prefix, local_metadata):
    return {key.replace(f"layers.{key.split('.')[1]}", module.mapping[int(key.split(".")[1])]): value
            for key, value in state_dict.items()}


def _remap_key(key, split_keys):
    for k in split_keys:
        if k in key:
            return key.split(k)[0] + k
    raise ValueError(f"no attention processor key in {key}")


def _map_from(module, state_dict, *args, **kwargs):
    for key in list(state_dict.keys()):
        replace_key = _remap_key(key, module.split_keys)
        state_dict[key.replace(replace_key, f"layers.{module.rev_mapping[replace_key]}")] = state_dict.pop(key)


class AttnProcsLayers(nn.Module):
    def __init__(self, processors):
        super().__init__()
        self.layers = nn.ModuleList(processors.values())
        self.mapping = dict(enumerate(processors.keys()))
        self.rev_mapping = {v: k for k, v in enumerate(processors.keys())}
        self.split_keys = (".processor",)
        self._register_state_dict_hook(_map_to)
        self._register_load_state_dict_pre_hook(_map_from, with_module=True)


def install_lora(model, rank):
    procs = {}
    for name, module in model.named_modules():
        if isinstance(module, Attention):
            module.processor = LoRAAttnProcessor(module.to_q.in_features, rank)
            procs[name + ".processor"] = module.processor
    return AttnProcsLayers(procs)


def main():
    cfg = {"ranks": [2, 4, 8], "steps": 3, "lr": 2e-3, "batch": 4, "tokens": 6}
    alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 0.02, 1000), dim=0)
    for rank in cfg["ranks"]:
        model = TinyDiT().requires_grad_(False)
        lora = install_lora(model, rank)
        opt = torch.optim.Adam(lora.parameters(), lr=cfg["lr"])
        for _ in range(cfg["steps"]):
            x0 = torch.randn(cfg["batch"], cfg["tokens"], 16)
            noise = torch.randn_like(x0)
            t = torch.randint(0, 1000, (cfg["batch"],))
            a = alphas_cumprod[t][:, None, None]
            loss = F.mse_loss(model(a.sqrt() * x0 + (1 - a).sqrt() * noise, t), noise)
            opt.zero_grad()
            loss.backward()
            opt.step()
        saved = {k: v.detach().clone() for k, v in lora.state_dict().items()}
        fresh = install_lora(TinyDiT(), rank)
        fresh.load_state_dict(saved)
        print(f"rank {rank}: {sorted(saved)[0]} ... {len(saved)} tensors, final loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
