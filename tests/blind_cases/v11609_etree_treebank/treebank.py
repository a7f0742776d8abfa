"""Tiny XML constituency treebank; leaves get their vocabulary ids at load time."""
import xml.etree.ElementTree as ET

import torch

SENTENCES = [
    ('<s label="1"><np><w>the</w><w>movie</w></np><vp><w>was</w><adj><w>great</w></adj></vp></s>'),
    ('<s label="0"><np><w>the</w><w>plot</w></np><vp><w>was</w><adj><w>dull</w></adj></vp></s>'),
    ('<s label="1"><np><w>a</w><adj><w>great</w></adj><w>cast</w></np><vp><w>shines</w></vp></s>'),
    ('<s label="0"><np><w>the</w><w>ending</w></np><vp><w>drags</w><adv><w>badly</w></adv></vp></s>'),
]


class Vocab:
    def __init__(self):
        self.index = {"<unk>": 0}

    def __call__(self, word):
        return self.index.setdefault(word, len(self.index))


class XmlTreebank(torch.utils.data.Dataset):
    def __init__(self, sentences, vocab):
        self.sentences = sentences
        self.vocab = vocab

    def __len__(self):
        return len(self.sentences)

    def __getitem__(self, i):
        root = ET.fromstring(self.sentences[i])
        for leaf in root.iter("w"):
            leaf.attrib["ids"] = torch.tensor([self.vocab(leaf.text)])
        return root, torch.tensor([float(root.get("label"))])
