"""Text report and summary numbers for a confusion matrix."""


def summarize(matrix):
    stats = matrix.per_class
    macro_f1 = sum(s.f1() for s in stats) / len(stats)
    weighted = sum(s.f1() * s.support for s in stats) / max(1, sum(s.support for s in stats))
    return {"accuracy": matrix.accuracy(), "macro_f1": macro_f1, "weighted_f1": weighted}


def format_table(matrix):
    lines = [f"{'class':>10} {'tp':>4} {'fp':>4} {'fn':>4} {'f1':>6}"]
    for s in matrix.per_class:
        lines.append(f"{s.name:>10} {s.tp:>4} {s.fp:>4} {s.fn:>4} {s.f1():6.3f}")
    return "\n".join(lines)
