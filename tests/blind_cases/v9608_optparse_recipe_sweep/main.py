"""Sweep over recipe command lines; each trial trains a small TDNN frame classifier."""
import torch
import torch.nn.functional as F

from recipe import TdnnRecipe

SWEEP = [
    ["--stage", "2", "--num-mel-bins", "40", "--lr", "0.01", "data/train"],
    ["--stage", "2", "--num-mel-bins", "23", "--splice-indexes", "-1,0,1", "--cmvn", "data/train"],
    ["--stage", "3", "--num-mel-bins", "40", "--splice-indexes", "-3,0,3", "--num-epochs", "1", "data/train_sp"],
]


def run_trial(argv):
    recipe = TdnnRecipe()
    opts, args = recipe.configure(argv)
    for epoch in range(opts.num_epochs):
        feats = torch.randn(120, opts.num_mel_bins)
        if opts.cmvn:
            feats = (feats - feats.mean(0)) / feats.std(0)
        labels = torch.randint(0, 48, (120,))
        logits = recipe.model(recipe.splice_frames(feats))
        loss = F.cross_entropy(logits, labels)
        recipe.optimizer.zero_grad()
        loss.backward()
        recipe.optimizer.step()
    return args[0], recipe.splice, loss.item()


def main():
    torch.manual_seed(0)
    for argv in SWEEP:
        data_dir, splice, loss = run_trial(argv)
        print(f"{data_dir} splice={splice}: final loss {loss:.3f}")


if __name__ == "__main__":
    main()
