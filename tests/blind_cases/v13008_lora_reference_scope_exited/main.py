"""PPO with a LoRA policy whose frozen base serves as the KL reference; sweep over adapter ranks."""
import torch

from lora import LoRACausalLM

VOCAB, HIDDEN = 24, 32
CFG = {"prompt_len": 3, "gen_len": 5, "batch": 8, "steps": 3, "kl_coef": 0.05, "clip": 0.2, "lr": 1e-2}


def length_bonus_reward(response):
    return (response == VOCAB - 1).float().sum(1) + 0.1 * response.float().mean(1) / VOCAB


class ExperienceMaker:
    def __init__(self, policy, cfg):
        self.policy = policy
        self.cfg = cfg

    @torch.no_grad()
    def make(self):
        cfg, policy = self.cfg, self.policy
        seq = torch.randint(0, VOCAB, (cfg["batch"], cfg["prompt_len"]))
        for _ in range(cfg["gen_len"]):
            probs = torch.softmax(policy(seq)[:, -1], -1)
            seq = torch.cat([seq, torch.multinomial(probs, 1)], 1)
        start = cfg["prompt_len"] - 1
        old_logp = policy.token_logprobs(seq, start)
        policy.begin_reference()
        ref_logp = policy.token_logprobs(seq, start)
        policy.end_reference()
        rewards = -cfg["kl_coef"] * (old_logp - ref_logp)
        rewards[:, -1] += length_bonus_reward(seq[:, cfg["prompt_len"]:])
        returns = rewards.flip(1).cumsum(1).flip(1)
        adv = (returns - returns.mean()) / (returns.std() + 1e-6)
        return seq, old_logp, adv


def train_one(rank):
    policy = LoRACausalLM(VOCAB, HIDDEN, rank)
    params = [p for p in policy.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=CFG["lr"])
    maker = ExperienceMaker(policy, CFG)
    start = CFG["prompt_len"] - 1
    for _ in range(CFG["steps"]):
        seq, old_logp, adv = maker.make()
        ratio = (policy.token_logprobs(seq, start) - old_logp).exp()
        loss = -torch.min(ratio * adv, ratio.clamp(1 - CFG["clip"], 1 + CFG["clip"]) * adv).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    for rank in (2, 4, 8):
        print(f"rank {rank}: final loss {train_one(rank):.4f}")


if __name__ == "__main__":
    main()
