"""Reader for the s-expression loss language used in experiment configs."""


class Symbol(str):
    pass


def tokenize(text):
    return text.replace("(", " ( ").replace(")", " ) ").split()


def read(tokens):
    tok = tokens.pop(0)
    if tok == "(":
        expr = []
        while tokens[0] != ")":
            expr.append(read(tokens))
        tokens.pop(0)
        return expr
    try:
        return float(tok)
    except ValueError:
        return Symbol(tok)


def parse_program(text):
    tokens = tokenize(text)
    program = []
    while tokens:
        program.append(read(tokens))
    return program
