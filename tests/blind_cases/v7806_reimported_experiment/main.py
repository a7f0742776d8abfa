"""Re-run the exported notebook in-process for a few settings and tabulate the results."""
import importlib
import sys

import hooks

BASE = {"seed": 0, "noise": 0.1, "hidden": 16, "lr": 1e-2, "epochs": 6}
VARIANTS = [
    {"name": "base"},
    {"name": "wide", "hidden": 48},
    {"name": "noisy", "noise": 0.4},
]


def rerun(module_name, **settings):
    hooks.configure(**settings)
    sys.modules.pop(module_name, None)
    try:
        module = importlib.import_module(module_name)
        return {"name": settings["name"], "final_mse": module.final_mse, "epochs": len(module.curve)}
    finally:
        sys.modules.pop(module_name, None)


def main():
    table = [rerun("exp_sine", **dict(BASE, **variant)) for variant in VARIANTS]
    width = max(len(row["name"]) for row in table)
    for row in sorted(table, key=lambda r: r["final_mse"]):
        print(f"{row['name']:<{width}}  mse={row['final_mse']:.4f}  epochs={row['epochs']}")


if __name__ == "__main__":
    main()
