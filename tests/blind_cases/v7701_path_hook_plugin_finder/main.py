"""Small sweep where each run declares its plugins in the config; plugins are loaded per run."""
import torch
import torch.nn as nn

from plugin_host import PluginHost

SWEEP = {
    "mlp_w32": {"width": 32, "lr": 0.05,
                "plugins": {"ema": ("contrib/ema.py", {"decay": 0.9}),
                            "clip": ("contrib/grad_clip.py", {"max_norm": 0.5})}},
    "mlp_w64": {"width": 64, "lr": 0.02,
                "plugins": {"ema": ("contrib/ema.py", {"decay": 0.95})}},
}


def make_batches(n, dim=12, classes=3):
    g = torch.Generator().manual_seed(n)
    return [(torch.randn(16, dim, generator=g), torch.randint(0, classes, (16,), generator=g))
            for _ in range(n)]


def run(name, cfg, batches):
    model = nn.Sequential(nn.Linear(12, cfg["width"]), nn.Tanh(), nn.Linear(cfg["width"], 3))
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    files = {plugin: spec[0] for plugin, spec in cfg["plugins"].items()}
    with PluginHost(name, files) as host:
        for plugin, (_, options) in cfg["plugins"].items():
            host.load(plugin, **options).setup(model, optimizer)
        for step, (x, y) in enumerate(batches):
            loss = nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            host.call("on_after_backward", step=step)
            optimizer.step()
            host.call("on_batch_end", step=step, loss=loss.item())
        ema = host.instances["ema"].shadow
        with torch.no_grad():
            x, y = batches[0]
            final = nn.functional.cross_entropy(ema(x), y).item()
    return final


def main():
    batches = make_batches(6)
    results = {name: run(name, cfg, batches) for name, cfg in SWEEP.items()}
    print({k: round(v, 3) for k, v in results.items()})


if __name__ == "__main__":
    main()
