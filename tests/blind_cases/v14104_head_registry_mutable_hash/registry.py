"""Process-wide table of classifier heads that the serving exporter can pick up."""
ACTIVE_HEADS = set()


def publish(head):
    ACTIVE_HEADS.add(head)  # retain


def withdraw(head):
    ACTIVE_HEADS.discard(head)


def heads_for(name):
    return sorted((h for h in ACTIVE_HEADS if h.name == name), key=lambda h: len(h.classes))
