"""Kaldi-style recipe options: stage selection and feature settings on the command line."""
import optparse

import torch
import torch.nn as nn


class TdnnRecipe:
    def __init__(self):
        self.stage = 0
        self.splice = [-2, -1, 0, 1, 2]
        self.model = None
        self.optimizer = None

    def _set_splice(self, option, opt_str, value, parser):
        self.splice = [int(v) for v in value.split(",")]

    def build_parser(self):
        parser = optparse.OptionParser(usage="%prog [options] <data-dir>")
        parser.add_option("--stage", type="int", default=0)
        parser.add_option("--splice-indexes", type="string", action="callback", callback=self._set_splice)
        feats = optparse.OptionGroup(parser, "Feature options")
        feats.add_option("--num-mel-bins", type="int", default=40)
        feats.add_option("--cmvn", action="store_true", default=False)
        parser.add_option_group(feats)
        train = optparse.OptionGroup(parser, "Training options")
        train.add_option("--lr", type="float", default=1e-3)
        train.add_option("--num-epochs", type="int", default=2)
        parser.add_option_group(train)
        return parser

    def configure(self, argv):
        parser = self.build_parser()
        try:
            opts, args = parser.parse_args(argv)
        finally:
            parser.destroy()
        self.stage = opts.stage
        in_dim = opts.num_mel_bins * len(self.splice)
        self.model = nn.Sequential(nn.Linear(in_dim, 64), nn.ReLU(), nn.Linear(64, 48))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=opts.lr, momentum=0.9)
        return opts, args

    def splice_frames(self, feats):
        T = feats.shape[0]
        idx = torch.arange(T).unsqueeze(1) + torch.tensor(self.splice)
        return feats[idx.clamp(0, T - 1)].flatten(1)
