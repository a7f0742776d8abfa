"""Prompt tuning of a small causal LM on a next-token task, one run per seed."""
import torch
import torch.nn.functional as F

from lm import TinyCausalLM
from prompt_tuning import PromptTuningModel

CONFIG = {"seeds": [0, 1, 2], "steps": 4, "batch_size": 8, "seq_len": 6, "lr": 0.05}


def make_batch(cfg, vocab_size):
    ids = torch.randint(1, vocab_size, (cfg["batch_size"], cfg["seq_len"]))
    return ids[:, :-1], ids[:, 1:]


def train_one(seed, cfg):
    torch.manual_seed(seed)
    base = TinyCausalLM()
    model = PromptTuningModel(base, num_virtual_tokens=4)
    opt = torch.optim.Adam(model.trainable_parameters(), lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        inputs, targets = make_batch(cfg, base.config["vocab_size"])
        logits = model(inputs)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    prompt = torch.randint(1, base.config["vocab_size"], (2, 3))
    sample = model.generate(prompt, max_new_tokens=3)
    return loss.item(), tuple(sample.shape)


def main():
    for seed in CONFIG["seeds"]:
        final_loss, sample_shape = train_one(seed, CONFIG)
        assert sample_shape == (2, 6)


if __name__ == "__main__":
    main()
