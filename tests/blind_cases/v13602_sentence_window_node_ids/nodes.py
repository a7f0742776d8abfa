"""Document / node types, a docstore and the sentence-window node parser used at ingestion."""
import enum
import itertools
import re
from collections import namedtuple
from dataclasses import dataclass, field

_doc_ids = itertools.count()
RelatedNodeInfo = namedtuple("RelatedNodeInfo", "node_id")
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


@dataclass(eq=False)
class TextNode:
    text: str
    node_id: str
    metadata: dict = field(default_factory=dict)
    relationships: dict = field(default_factory=dict)
    embedding: object = None


class DocStore(dict):
    def walk(self, node, rel, hops):
        out = []
        while len(out) < hops and (info := node.relationships.get(rel)) is not None:
            node = self[info.node_id]
            out.append(node)
        return out


class SentenceWindowNodeParser:
    def __init__(self, docstore, window_size=1):
        self.docstore = docstore
        self.window_size = window_size

    def get_nodes_from_documents(self, documents):
        nodes = []
        for doc in documents:
            prev = None
            self.docstore[doc.doc_id] = doc
            for i, sentence in enumerate(s for s in _SENTENCE_END.split(doc.text.strip()) if s):
                node = TextNode(sentence, f"{doc.doc_id}:{i}", metadata=dict(doc.metadata))
                node.relationships[NodeRelationship.SOURCE] = RelatedNodeInfo(doc.doc_id)
                if prev is not None:
                    node.relationships[NodeRelationship.PREVIOUS] = RelatedNodeInfo(prev.node_id)
                    prev.relationships[NodeRelationship.NEXT] = RelatedNodeInfo(node.node_id)
                self.docstore[node.node_id] = node
                prev = node
                nodes.append(node)
        for node in nodes:
            window = self.docstore.walk(node, NodeRelationship.PREVIOUS, self.window_size)[::-1] + [node]
            window += self.docstore.walk(node, NodeRelationship.NEXT, self.window_size)
            node.metadata["window"] = " ".join(n.text for n in window)
        return nodes
