"""PPO-style online RLHF loop whose KL anchor is periodically refreshed from the policy."""
import torch

from models import REFERENCE_LM, VOCAB, TinyCausalLM
from sync import ReferenceSchedule, refresh_if_due

CONFIG = {
    "prompt_len": 4,
    "gen_len": 6,
    "batch_size": 8,
    "steps": 6,
    "ppo_epochs": 2,
    "lr": 1e-2,
    "kl_coef": 0.1,
    "clip_range": 0.2,
    "ref_every": 2,
    "ref_alpha": 0.3,
}


def toy_reward(response_ids):
    return (response_ids % 2 == 0).float().mean(dim=1)


@torch.no_grad()
def generate(policy, prompts, gen_len):
    seq = prompts
    for _ in range(gen_len):
        probs = torch.softmax(policy(seq)[:, -1], dim=-1)
        seq = torch.cat([seq, torch.multinomial(probs, 1)], dim=1)
    return seq


class OnlinePPOTrainer:
    def __init__(self, policy, reference, cfg):
        self.policy = policy
        self.reference = reference
        self.cfg = cfg
        self.opt = torch.optim.Adam(policy.parameters(), lr=cfg["lr"])
        self.schedule = ReferenceSchedule(cfg["ref_every"], cfg["ref_alpha"])

    def make_experience(self):
        cfg = self.cfg
        prompts = torch.randint(0, VOCAB, (cfg["batch_size"], cfg["prompt_len"]))
        seq = generate(self.policy, prompts, cfg["gen_len"])
        start = cfg["prompt_len"] - 1
        with torch.no_grad():
            old_logp = self.policy.token_logprobs(seq)[:, start:]
            ref_logp = self.reference.token_logprobs(seq)[:, start:]
            scores = toy_reward(seq[:, cfg["prompt_len"]:])
            rewards = scores.unsqueeze(1) - cfg["kl_coef"] * (old_logp - ref_logp)
            adv = (rewards - rewards.mean()) / (rewards.std() + 1e-6)
        return seq, old_logp, adv, scores.mean().item()

    def ppo_update(self, seq, old_logp, adv):
        start = self.cfg["prompt_len"] - 1
        eps = self.cfg["clip_range"]
        for _ in range(self.cfg["ppo_epochs"]):
            logp = self.policy.token_logprobs(seq)[:, start:]
            ratio = (logp - old_logp).exp()
            loss = -torch.min(ratio * adv, ratio.clamp(1 - eps, 1 + eps) * adv).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()

    def train(self):
        history = []
        for step in range(self.cfg["steps"]):
            seq, old_logp, adv, score = self.make_experience()
            loss = self.ppo_update(seq, old_logp, adv)
            refresh_if_due(self.schedule, step, self.reference, self.policy)
            history.append((score, loss))
        return history


def main():
    torch.manual_seed(0)
    policy = TinyCausalLM()
    policy.load_state_dict(REFERENCE_LM.state_dict())
    trainer = OnlinePPOTrainer(policy, REFERENCE_LM, CONFIG)
    history = trainer.train()
    print(f"final score {history[-1][0]:.3f}, refreshes {trainer.schedule.num_refreshes}")


if __name__ == "__main__":
    main()
