"""Document / node types and the sentence-window node parser used at ingestion."""
import enum
import itertools
import re
from dataclasses import dataclass, field

_doc_ids = itertools.count()
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class NodeRelationship(enum.Enum):
    SOURCE = "source"
    PREVIOUS = "previous"
    NEXT = "next"


@dataclass(eq=False)
class Document:
    text: str
    metadata: dict = field(default_factory=dict)
    doc_id: str = field(default_factory=lambda: f"doc-{next(_doc_ids)}")
    nodes: list = field(default_factory=list)


@dataclass(eq=False)
class TextNode:
    text: str
    node_id: str
    metadata: dict = field(default_factory=dict)
    relationships: dict = field(default_factory=dict)
    embedding: object = None

    def walk(self, rel, hops):
        node, out = self, []
        while len(out) < hops and (node := node.relationships.get(rel)) is not None:
            out.append(node)
        return out


class SentenceWindowNodeParser:
    def __init__(self, window_size=1):
        self.window_size = window_size

    def get_nodes_from_documents(self, documents):
        nodes = []
        for doc in documents:
            prev = None
            for i, sentence in enumerate(s for s in _SENTENCE_END.split(doc.text.strip()) if s):
                node = TextNode(sentence, f"{doc.doc_id}:{i}", metadata=dict(doc.metadata))
                node.relationships[NodeRelationship.SOURCE] = doc  # cycle
                doc.nodes.append(node)  # cycle
                if prev is not None:
                    node.relationships[NodeRelationship.PREVIOUS] = prev  # cycle
                    prev.relationships[NodeRelationship.NEXT] = node  # cycle
                prev = node
                nodes.append(node)
        for node in nodes:
            window = node.walk(NodeRelationship.PREVIOUS, self.window_size)[::-1] + [node]
            window += node.walk(NodeRelationship.NEXT, self.window_size)
            node.metadata["window"] = " ".join(n.text for n in window)
        return nodes
