"""Sweep of PPO value-loss coefficients with a value-head wrapper around a tiny LM."""
import torch

from value_head import CausalLMWithValueHead, TinyBackbone

VOCAB, HIDDEN = 20, 32
BASE_CFG = {"prompt_len": 3, "gen_len": 4, "batch": 8, "steps": 3, "lr": 3e-3, "clip": 0.2, "cliprange_value": 0.2}


def reward_fn(response):
    return -(response.float() - VOCAB / 2).abs().mean(1) / VOCAB


def logprobs_and_values(model, seq, start):
    logits, values = model(seq[:, :-1])
    logp = torch.log_softmax(logits, -1).gather(-1, seq[:, 1:].unsqueeze(-1)).squeeze(-1)
    return logp[:, start:], values[:, start:]


def ppo_step(model, opt, cfg):
    start = cfg["prompt_len"] - 1
    with torch.no_grad():
        seq = torch.randint(0, VOCAB, (cfg["batch"], cfg["prompt_len"]))
        for _ in range(cfg["gen_len"]):
            logits, _ = model(seq)
            seq = torch.cat([seq, torch.multinomial(torch.softmax(logits[:, -1], -1), 1)], 1)
        old_logp, old_values = logprobs_and_values(model, seq, start)
        returns = reward_fn(seq[:, cfg["prompt_len"]:]).unsqueeze(1).expand_as(old_values)
        adv = returns - old_values
        adv = (adv - adv.mean()) / (adv.std() + 1e-6)
    logp, values = logprobs_and_values(model, seq, start)
    ratio = (logp - old_logp).exp()
    pg_loss = -torch.min(ratio * adv, ratio.clamp(1 - cfg["clip"], 1 + cfg["clip"]) * adv).mean()
    v_clipped = old_values + (values - old_values).clamp(-cfg["cliprange_value"], cfg["cliprange_value"])
    vf_loss = 0.5 * torch.max((values - returns) ** 2, (v_clipped - returns) ** 2).mean()
    loss = pg_loss + cfg["vf_coef"] * vf_loss
    opt.zero_grad()
    loss.backward()
    opt.step()
    return {"pg": pg_loss.item(), "vf": vf_loss.item()}


def run(vf_coef):
    cfg = dict(BASE_CFG, vf_coef=vf_coef)
    model = CausalLMWithValueHead(TinyBackbone(VOCAB, HIDDEN), HIDDEN)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        stats = ppo_step(model, opt, cfg)
    return stats


def main():
    torch.manual_seed(0)
    for vf_coef in (0.1, 0.5, 1.0):
        print(vf_coef, run(vf_coef))


if __name__ == "__main__":
    main()
