"""Apply a few rank-one edits (ROME-style) to small pretrained language models."""
import torch
import torch.nn.functional as F

from rome_stats import TraceInput, get_inv_cov
from tinylm import TinyLM

HPARAMS = {"layer": 1, "v_steps": 8, "v_lr": 0.5}


def pretrain(model, steps=5):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    for _ in range(steps):
        tokens = torch.randint(0, 32, (8, 6))
        loss = F.cross_entropy(model(tokens[:, :-1]).reshape(-1, 32), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()


def compute_k(model, layer_name, prompt):
    with torch.no_grad(), TraceInput(model, layer_name) as tr:
        model(prompt.unsqueeze(0))
    return tr.input[0, -1]


def compute_v(model, block_name, prompt, target_id, hp):
    block = model.get_submodule(block_name)
    with torch.no_grad(), TraceInput(model, block_name + ".mlp.c_proj") as tr:
        model(prompt.unsqueeze(0))
    v0 = block["mlp"].c_proj(tr.input[0, -1]).detach()
    delta = torch.zeros_like(v0, requires_grad=True)

    def add_delta(module, inputs, output):
        output = output.clone()
        output[0, -1] = output[0, -1] + delta
        return output

    handle = block["mlp"].register_forward_hook(add_delta)
    opt = torch.optim.Adam([delta], lr=hp["v_lr"])
    try:
        for _ in range(hp["v_steps"]):
            logits = model(prompt.unsqueeze(0))[0, -1]
            loss = F.cross_entropy(logits.unsqueeze(0), torch.tensor([target_id]))
            opt.zero_grad()
            loss.backward()
            opt.step()
    finally:
        handle.remove()
    return (v0 + delta).detach()


def apply_rome(model, request, stats_batches, hp):
    block_name = f"h.{hp['layer']}"
    layer_name = block_name + ".mlp.c_proj"
    proj = model.get_submodule(layer_name)
    k = compute_k(model, layer_name, request["prompt"])
    v = compute_v(model, block_name, request["prompt"], request["target"], hp)
    c_inv = get_inv_cov(model, layer_name, stats_batches)
    u = c_inv @ k
    u = u / (k @ u)
    with torch.no_grad():
        resid = v - proj(k)
        proj.weight += torch.outer(resid, u)


def main():
    requests = [{"prompt": torch.tensor([3, 7, 11]), "target": 5},
                {"prompt": torch.tensor([4, 9, 2]), "target": 17}]
    for seed in range(2):
        torch.manual_seed(seed)
        model = TinyLM(f"tinylm-{seed}")
        pretrain(model)
        stats_batches = [torch.randint(0, 32, (4, 6)) for _ in range(3)]
        for request in requests:
            apply_rome(model, request, stats_batches, HPARAMS)
        with torch.no_grad():
            hits = [model(r["prompt"].unsqueeze(0))[0, -1].argmax().item() == r["target"] for r in requests]
        print(f"seed={seed} edit success={sum(hits)}/{len(hits)}")


if __name__ == "__main__":
    main()
