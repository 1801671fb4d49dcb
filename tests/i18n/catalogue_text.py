"""The words each message of a language's catalogue says, for the house-style tests."""

from collections.abc import Iterator

from fluent.syntax import FluentParser, ast, visitor

from bot.i18n.translator import catalogue_files


class _Text(visitor.Visitor):  # type: ignore[misc]
    """The words a message says: its text, not its placeables' string literals ({ " " }) or its comments."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def visit_TextElement(self, node: ast.TextElement) -> None:
        self.parts.append(node.value)


def entries(language: str) -> Iterator[ast.Message | ast.Term]:
    for path in catalogue_files(language):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message | ast.Term):
                yield entry


def text_parts(language: str) -> dict[str, list[str]]:
    """Each message's (and term's) text elements, one string each (a pattern's lines, a variant's words)."""
    texts: dict[str, list[str]] = {}
    for entry in entries(language):
        found = _Text()
        found.visit(entry)
        texts[entry.id.name] = found.parts
    return texts
