"""Token-prefix trie memoising decoder states between beam-search expansions."""


class TrieNode:
    __slots__ = ("children", "state", "logprobs")

    def __init__(self):
        self.children = {}
        self.state = None
        self.logprobs = None


class PrefixCache:
    def __init__(self):
        self.root = TrieNode()
        self.size = 0

    def __len__(self):
        return self.size

    def lookup(self, prefix):
        node = self.root
        for tok in prefix:
            node = node.children.get(tok)
            if node is None:
                return None
        return node if node.state is not None else None

    def insert(self, prefix, state, logprobs):
        node = self.root
        for tok in prefix:
            child = node.children.get(tok)
            if child is None:
                child = TrieNode()
                node.children[tok] = child  # retain
                self.size += 1
            node = child
        node.state, node.logprobs = state, logprobs


DEFAULT_CACHE = PrefixCache()
