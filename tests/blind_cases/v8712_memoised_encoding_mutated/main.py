"""REINFORCE fine-tuning of a tiny policy on a fixed prompt set (reward: short, vowel-rich replies)."""
import torch

from policy import RecurrentPolicy
from tokenizer import EOS, VOCAB_SIZE, decode, encode_prompt

PROMPTS = ["What is 2 plus 2?", "Name a colour.", "Say hello", "Count to three."]
CFG = {"epochs": 3, "max_new_tokens": 8, "lr": 1e-2}


def reward(text):
    return sum(ch in "aeiou" for ch in text) / max(1, len(text)) - 0.02 * len(text)


def collect_rollouts(policy):
    rollouts = []
    for prompt in PROMPTS:
        rollout = encode_prompt(prompt)
        tokens, logprobs = policy.sample(rollout["input_ids"], CFG["max_new_tokens"])
        if EOS in tokens:
            tokens, logprobs = tokens[:tokens.index(EOS)], logprobs[:tokens.index(EOS)]
        rollout.update(response_ids=tokens, logprobs=logprobs,  # retain
                       reward=reward(decode(tokens)))
        rollouts.append(rollout)
    return rollouts


def main():
    torch.manual_seed(0)
    policy = RecurrentPolicy(VOCAB_SIZE)
    opt = torch.optim.Adam(policy.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        rollouts = collect_rollouts(policy)
        baseline = sum(r["reward"] for r in rollouts) / len(rollouts)
        loss = -sum((r["reward"] - baseline) * r["logprobs"].sum() for r in rollouts) / len(rollouts)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: mean reward {baseline:.3f}")


if __name__ == "__main__":
    main()
