"""Fine-tunes a keyword model per speaker group and exports a TorchScript artifact for each."""
import torch
import torch.nn as nn

from export_tools import script_and_check
from netdefs import KeywordNet

CONFIG = {"groups": ["adult", "child", "elderly"], "steps": 4, "lr": 0.05, "batch": 8, "n_mels": 16}


def fine_tune(model, cfg):
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    model.train()
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["n_mels"], 20)
        y = torch.randint(0, 6, (cfg["batch"],))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    reports = []
    for group in CONFIG["groups"]:
        model = KeywordNet(n_mels=CONFIG["n_mels"])
        final_loss = fine_tune(model, CONFIG)
        example = torch.randn(2, CONFIG["n_mels"], 20)
        report = script_and_check(model, example, name=f"kws_{group}")
        reports.append((report, final_loss))
    for report, loss in reports:
        print(f"{report.name}: {report.num_bytes} bytes, diff={report.max_abs_diff:.1e}, loss={loss:.3f}")


if __name__ == "__main__":
    main()
