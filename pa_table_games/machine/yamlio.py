"""Safe YAML loading that remembers the line of every mapping, key and list item.

Only plain data is accepted: ``yaml.SafeLoader`` refuses Python object tags, this loader also the safe
tags plain data has no use for (``!!pairs``, ``!!omap``, ``!!set``, ``!!binary``), and a duplicate key is an
error rather than a silent overwrite. Errors carry ``file:line``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path

import yaml

from pa_table_games.errors import InputFileError
from pa_table_games.files import MAX_DEPTH, read_text
from pa_table_games.numbers import NumberError, in_file, shown


#: The longest label of a state or a phase (a diagram draws it on one line), and the longest other text.
MAX_LABEL, MAX_TEXT = 120, 4000
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class LineDict(dict):
    """A mapping read from YAML; ``line`` is where it starts, ``key_lines[k]`` where key ``k`` is."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: object) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    """A sequence read from YAML; ``lines[i]`` is the line of item ``i``."""

    line: int = 0
    lines: list

    def line_of(self, index: int) -> int:
        return self.lines[index] if index < len(self.lines) else self.line


class _Loader(yaml.SafeLoader):
    error_class: type[InputFileError] = InputFileError
    file: str = "<string>"
    depth: int = 0

    def compose_node(self, parent, index):
        """Refuse aliases: plain data needs none, and nested ones expand exponentially (a YAML bomb).
        Refuse nesting deeper than MAX_DEPTH: no machine or Rules file needs it."""
        if self.check_event(yaml.AliasEvent):
            raise yaml.MarkedYAMLError(problem="aliases (*name) are not allowed (plain data only)",
                                       problem_mark=self.peek_event().start_mark)
        if self.depth >= MAX_DEPTH:
            raise yaml.MarkedYAMLError(problem=f"nested deeper than {MAX_DEPTH} levels",
                                       problem_mark=self.peek_event().start_mark)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, (str, int, float, bool)):
            raise loader.error_class(loader.file, line, "a key must be a plain value")
        if key in result:
            raise loader.error_class(loader.file, line, f"duplicate key {key!r}")
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = line
    return result


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(item, deep=True) for item in node.value)
    result.line = node.start_mark.line + 1
    result.lines = [item.start_mark.line + 1 for item in node.value]
    return result


def _number(construct):
    """YAML's integer or float constructor replaced by :func:`pa_table_games.numbers.in_file`: a number is
    ``8``, ``-3`` or ``0.5`` (``1_000``, ``0x10``, ``010`` (octal), ``1:30`` (base 60), ``1.0e3`` and a
    number longer than :data:`~pa_table_games.numbers.MAX_CHARS` characters are refused at their line,
    never built); ``.inf`` and ``.nan`` are left for the option's own check to refuse with its reason."""
    def checked(loader: _Loader, node: yaml.ScalarNode):
        if str(node.value).lower().lstrip("+-") in (".inf", ".nan"):
            return construct(loader, node)
        try:
            return in_file(str(node.value))
        except NumberError as err:
            raise loader.error_class(loader.file, node.start_mark.line + 1, f"the number {err}") from None
    return checked


def _refused(loader: _Loader, node: yaml.Node):
    """A tag the safe loader would build but plain data has no use for: ``!!pairs`` and ``!!omap`` (a list of pairs
    whose keys may repeat, read as a mapping it would let the last silently win), ``!!set``, ``!!binary``."""
    raise loader.error_class(loader.file, node.start_mark.line + 1,
                             f"YAML: tags are not allowed (plain data only): {node.tag!r}")


for _tag in ("pairs", "omap", "set", "binary"):
    _Loader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refused)
_Loader.add_constructor("tag:yaml.org,2002:int", _number(yaml.SafeLoader.construct_yaml_int))
_Loader.add_constructor("tag:yaml.org,2002:float", _number(yaml.SafeLoader.construct_yaml_float))
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_yaml(path: str | Path, error_class: type[InputFileError] = InputFileError,
              text: str | None = None) -> object:
    """Parse ``path`` (or ``text`` named as ``path``) safely; any problem is ``error_class(file, line, msg)``."""
    file = str(path)
    source = read_text(path, error_class) if text is None else text
    try:
        loader = _Loader(source)
    except yaml.reader.ReaderError as err:  # a character YAML does not allow (a control character)
        raise _reader_error(err, source, file, error_class) from None
    loader.error_class = error_class
    loader.file = file
    try:
        return loader.get_single_data()
    except yaml.reader.ReaderError as err:
        raise _reader_error(err, source, file, error_class) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        problem = (err.problem or err.context or "invalid YAML").strip()
        if "could not determine a constructor" in problem:
            problem = "tags are not allowed (plain data only): " + problem.split("for the tag", 1)[-1].strip()
        raise error_class(file, line, f"YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise error_class(file, None, f"YAML: {' '.join(str(err).split())}") from None
    finally:
        if "loader" in locals():
            loader.dispose()


def _reader_error(err: yaml.reader.ReaderError, source: str, file: str, error_class: type) -> InputFileError:
    """A character YAML refuses (a control character), at its line."""
    line = source[:err.position].count("\n") + 1
    char = f"#x{err.character:04x}" if isinstance(err.character, int) else repr(err.character)
    return error_class(file, line, f"YAML: character {char} is not allowed")


def _refused(c: str) -> bool:
    """A control character (but a tab or a line break), a line or paragraph separator, or a direction override:
    characters that change how a page, a drawing or a terminal shows the text around them."""
    return (unicodedata.category(c) in ("Cc", "Zl", "Zp") and c not in "\t\n") or c in _BIDI


def check_text(node: object, fail: Callable[[int, str], Exception], line: int = 1, key: object = None) -> None:
    """Every string of a file read by :func:`load_yaml`, keys included: no control character (a tab or a line
    break in free text aside), none longer than :data:`MAX_TEXT`, and a ``label`` one line of at most
    :data:`MAX_LABEL` characters; else ``fail(line, message)`` is raised."""
    if isinstance(node, LineDict):
        for k, value in node.items():
            check_text(k, fail, node.line_of(k))
            check_text(value, fail, node.line_of(k), k)
    elif isinstance(node, LineList):
        for i, value in enumerate(node):
            check_text(value, fail, node.line_of(i))
    elif isinstance(node, str):
        label = key == "label"
        bad = next((c for c in node if _refused(c) or label and c in "\t\n"), None)
        if bad is not None:
            raise fail(line, f"{'label' if label else 'text'} {shown(node)} holds the control character "
                             f"U+{ord(bad):04X}: write it as plain text")
        limit = MAX_LABEL if label else MAX_TEXT
        if len(node) > limit:
            raise fail(line, f"{'a label' if label else 'a text'} of {len(node):,} characters: at most {limit:,} "
                             f"({shown(node)})")
