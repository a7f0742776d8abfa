"""spaCy-flavoured containers: a Doc owns Tokens and entity Spans that navigate back to it."""


class Token:
    def __init__(self, doc, i, text, idx):
        self.doc = doc  # cycle
        self.i = i
        self.text = text
        self.idx = idx
        self.ent_iob = "O"
        self.ent_type = ""

    def nbor(self, offset=1):
        j = self.i + offset
        return self.doc.tokens[j] if 0 <= j < len(self.doc.tokens) else None

    @property
    def shape(self):
        return "".join("X" if c.isupper() else "x" if c.isalpha() else c for c in self.text)[:4]


class Span:
    def __init__(self, doc, start, end, label):
        self.doc = doc  # cycle
        self.start = start
        self.end = end
        self.label = label

    def __iter__(self):
        return iter(self.doc.tokens[self.start : self.end])


class Doc:
    def __init__(self, text, words):
        self.text = text
        self.tokens = []  # cycle
        for i, (word, idx) in enumerate(words):
            self.tokens.append(Token(self, i, word, idx))  # cycle
        self.ents = ()

    def char_span(self, start, end, label):
        first = next((t.i for t in self.tokens if t.idx == start), None)
        last = next((t.i for t in self.tokens if t.idx + len(t.text) == end), None)
        if first is None or last is None:
            return None
        return Span(self, first, last + 1, label)

    def set_ents(self, spans):
        for span in spans:
            for k, token in enumerate(span):
                token.ent_iob = "B" if k == 0 else "I"
                token.ent_type = span.label
        self.ents = tuple(spans)  # cycle
