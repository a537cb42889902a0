"""tracker.py's map stays true: the docstring's numbered parts are the only contents list,
each part opens with a banner carrying its number and title, and the parts are in the order
they use each other.

The format, exactly:

- a part in the docstring is a line ``N. Title: what it owns and calls...`` (N from 1 up,
  the title ends at the first ": ");
- its banner is the three lines::

      ###############################################################################
      # N · Title ###################################################################
      ###############################################################################

  (the middle line is ``# N · Title `` padded with ``#``); a part runs from its banner to
  the next part's banner, the last one to the end of the module. The imports above part 1
  are the preamble, usable by every part.
- a sub-section within a part may keep a banner of the same frame whose title carries no
  number (``# Topics ####``); it is not a part.

The rule the parts keep: a name defined at module level (a function, a class, a constant)
is used only by its own part or a later one, in function bodies too, except inside the
functions that assemble the parts (ASSEMBLERS), which may call any of them. It is read
from the source with ast, names resolved as Python scopes them (a parameter or a local
of the same name is not a use of the module's name). An entry that says what its part
calls ("Calls nothing", "Calls (1) and (2)", "Calls only (1), (4) and (6)", "Calls (1) to
(4)") names exactly the other parts whose names it uses, outside the assemblers."""

import ast
import dataclasses
import fnmatch
import os
import re

import pytest

SOURCE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tracker.py")

# The functions that put the parts together: they call into any part, earlier or later.
ASSEMBLERS = ("make_app", "main", "build_parser", "add_dashboard",
              "add_*_routes", "add_*_pages", "add_*_route", "add_*_page")

MAX_PART_LINES = 1200

FRAME = "#" * 79
DOCSTRING_PART = re.compile(r"^(\d+)\. (.+?): ")
# What an entry may claim it calls: "Calls nothing", "Calls (1) and (2)", "Calls only (1),
# (4) and (6)", "Calls (1) to (4)".
CLAIMED_CALLS = re.compile(r"\bCalls (?:only )?(nothing\b|(?:\(\d+\)(?:, | and | to )?)+)")
BANNER_TITLE = re.compile(r"^# (.+?) #+$")
NUMBERED_TITLE = re.compile(r"^(\d+) · (.+)$")


@dataclasses.dataclass
class Part:
    number: int
    title: str
    first_line: int  # the banner's first line, 1-based
    last_line: int = 0

    def __str__(self):
        return "part %d (%s)" % (self.number, self.title)


@dataclasses.dataclass
class Banner:
    line: int  # 1-based, the first of its three lines
    title: str
    number: int | None


def read_source(path=SOURCE):
    with open(path, encoding="utf-8") as source:
        return source.read()


def docstring_entries(module):
    """{number: (title, the entry's text joined on one line)} of the docstring's parts."""
    entries, number = {}, None
    for line in ast.get_docstring(module).splitlines():
        found = DOCSTRING_PART.match(line)
        if found:
            number = int(found.group(1))
            entries[number] = (found.group(2), line)
        elif number is not None and line.startswith("   "):
            entries[number] = (entries[number][0], entries[number][1] + " " + line.strip())
        else:
            number = None
    return entries


def docstring_parts(module):
    """(number, title) of each part the module's docstring lists."""
    return [(number, title) for number, (title, _) in docstring_entries(module).items()]


def claimed_calls(entry):
    """The parts an entry says it calls, or None when it does not say."""
    found = CLAIMED_CALLS.search(entry)
    if found is None:
        return None
    if found.group(1) == "nothing":
        return set()
    claimed = set()
    for first, last in re.findall(r"\((\d+)\)(?: to \((\d+)\))?", found.group(1)):
        claimed.update(range(int(first), int(last or first) + 1))
    return claimed


def banners(lines):
    """Every framed banner: a title line between two lines of 79 '#'."""
    found = []
    for index in range(1, len(lines) - 1):
        if lines[index - 1] == lines[index + 1] == FRAME and lines[index].strip():
            title = BANNER_TITLE.match(lines[index])
            assert title, "line %d: a banner's title line is '# Title ###...'" % (index + 1)
            numbered = NUMBERED_TITLE.match(title.group(1))
            if numbered:
                found.append(Banner(index, numbered.group(2), int(numbered.group(1))))
            else:
                found.append(Banner(index, title.group(1), None))
    return found


def parts_of(lines):
    """The parts their numbered banners open, each with its line range."""
    parts = [Part(banner.number, banner.title, banner.line)
             for banner in banners(lines) if banner.number is not None]
    for part, following in zip(parts, parts[1:] + [None]):
        part.last_line = following.first_line - 1 if following else len(lines)
    return parts


def part_at(parts, line):
    """The part holding a line, or None for the preamble above part 1."""
    holder = None
    for part in parts:
        if part.first_line <= line:
            holder = part
    return holder


# Names and their scopes -------------------------------------------------------------

def bound_names(node):
    """The names a statement or expression binds in the scope it runs in (not inside the
    functions, classes and comprehensions it defines, which have their own scopes)."""
    names = set()

    def visit(child):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(child.name)
            for expression in child.decorator_list + defaults_and_annotations(child):
                visit(expression)
            return
        if isinstance(child, ast.Lambda):
            for expression in defaults_and_annotations(child):
                visit(expression)
            return
        if isinstance(child, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            visit(child.generators[0].iter)  # evaluated outside; walrus targets escape
            for walrus in (n for n in ast.walk(child) if isinstance(n, ast.NamedExpr)):
                names.add(walrus.target.id)
            return
        if isinstance(child, ast.Name) and isinstance(child.ctx, (ast.Store, ast.Del)):
            names.add(child.id)
        elif isinstance(child, (ast.Import, ast.ImportFrom)):
            for alias in child.names:
                names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(child, ast.ExceptHandler) and child.name:
            names.add(child.name)
        elif isinstance(child, (ast.MatchAs, ast.MatchStar)) and child.name:
            names.add(child.name)
        elif isinstance(child, ast.MatchMapping) and child.rest:
            names.add(child.rest)
        for grandchild in ast.iter_child_nodes(child):
            visit(grandchild)

    visit(node)
    return names


def defaults_and_annotations(function):
    """What a def, lambda or class evaluates in the scope around it."""
    if isinstance(function, ast.ClassDef):
        return list(function.bases) + [keyword.value for keyword in function.keywords]
    arguments = function.args
    evaluated = list(arguments.defaults) + [d for d in arguments.kw_defaults if d]
    if not isinstance(function, ast.Lambda):
        every = arguments.posonlyargs + arguments.args + arguments.kwonlyargs + [
            a for a in (arguments.vararg, arguments.kwarg) if a]
        evaluated += [a.annotation for a in every if a.annotation]
        evaluated += [function.returns] if function.returns else []
    return evaluated


def parameters(function):
    arguments = function.args
    every = arguments.posonlyargs + arguments.args + arguments.kwonlyargs + [
        a for a in (arguments.vararg, arguments.kwarg) if a]
    return {a.arg for a in every}


def declared_global(body):
    """The names a function body declares global, nested scopes excluded."""
    names = set()
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Global):
            names.update(node.names)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                 ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))
    return names


@dataclasses.dataclass
class Use:
    name: str
    line: int
    within: list  # the names of the definitions it sits in, outermost first


def module_uses(statement):
    """Every load of a module-level name in a top-level statement, with the names of the
    functions it sits in, resolving each name as Python does: a function's parameters and
    locals hide the module's names, a class body's names do not reach its methods."""
    uses = []

    def visit(node, local_scopes, within):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for expression in getattr(node, "decorator_list", []) + defaults_and_annotations(node):
                visit(expression, local_scopes, within)
            body = node.body if isinstance(node.body, list) else [node.body]
            scope = parameters(node) | set().union(*(bound_names(s) for s in body))
            scope -= declared_global(body)
            name = getattr(node, "name", "<lambda>")
            for child in body:
                visit(child, local_scopes + [scope], within + [name])
            return
        if isinstance(node, ast.ClassDef):
            for expression in node.decorator_list + defaults_and_annotations(node):
                visit(expression, local_scopes, within)
            class_scope = set().union(*(bound_names(s) for s in node.body))
            for child in node.body:
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    visit(child, local_scopes, within + [node.name])  # methods skip it
                else:
                    visit(child, local_scopes + [class_scope], within + [node.name])
            return
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            visit(node.generators[0].iter, local_scopes, within)
            scope = set().union(*(bound_names(g.target) for g in node.generators))
            inner = local_scopes + [scope]
            for index, generator in enumerate(node.generators):
                if index:
                    visit(generator.iter, inner, within)
                for condition in generator.ifs:
                    visit(condition, inner, within)
            for element in ("elt", "key", "value"):
                if hasattr(node, element):
                    visit(getattr(node, element), inner, within)
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if not any(node.id in scope for scope in local_scopes):
                uses.append(Use(node.id, node.lineno, within))
        for child in ast.iter_child_nodes(node):
            visit(child, local_scopes, within)

    visit(statement, [], [])
    return uses


def assembles(within):
    """True when a use sits inside one of the functions that assemble the parts."""
    return any(fnmatch.fnmatchcase(name, pattern) for name in within for pattern in ASSEMBLERS)


@dataclasses.dataclass
class Layout:
    parts: list
    defined_in: dict  # module-level name -> the part defining it (None: the preamble)
    redefined: list  # (name, first part, later part) for a name bound in two parts
    late_uses: list  # (use, the using part, the defining part)
    calls: dict  # part number -> the numbers of the other parts whose names it uses


def read_layout(text):
    module = ast.parse(text)
    parts = parts_of(text.splitlines())
    defined_in, redefined = {}, []
    for statement in module.body:
        part = part_at(parts, statement.lineno)
        for name in sorted(bound_names(statement)):
            if name not in defined_in:
                defined_in[name] = part
            elif defined_in[name] is not part:
                redefined.append((name, defined_in[name], part))
    late_uses, calls = [], {part.number: set() for part in parts}
    for statement in module.body:
        part = part_at(parts, statement.lineno)
        for use in module_uses(statement):
            if use.name not in defined_in or assembles(use.within):
                continue
            defining = defined_in[use.name]
            if defining is not None and (part is None or defining.number > part.number):
                late_uses.append((use, part, defining))
            if defining is not None and part is not None and defining is not part:
                calls[part.number].add(defining.number)
    return Layout(parts, defined_in, redefined, late_uses, calls)


def describe(late_uses):
    return ["line %d: %s uses %s of %s%s" % (
        use.line, part, use.name, defining,
        " (in %s)" % ".".join(use.within) if use.within else "")
        for use, part, defining in late_uses]


@pytest.fixture(scope="module")
def layout():
    return read_layout(read_source())


def listed_and_opened(text):
    """The parts the docstring lists and the parts the banners open, as (number, title)."""
    listed = docstring_parts(ast.parse(text))
    return listed, [(part.number, part.title) for part in parts_of(text.splitlines())]


def test_the_banners_are_the_docstrings_parts_in_order():
    listed, opened = listed_and_opened(read_source())
    assert opened == listed
    assert [number for number, _ in listed] == list(range(1, len(listed) + 1))


def test_every_banner_is_framed_and_titled():
    """Sub-sections keep unnumbered banners; a '#' line of another width frames nothing."""
    lines = read_source().splitlines()
    for index, line in enumerate(lines):
        if line.startswith("####") and line != FRAME:
            raise AssertionError("line %d: a banner's frame is 79 '#'" % (index + 1))
    sections = banners(lines)
    assert sections and sections[0].number == 1, "part 1 opens the first banner"


def parts_over_the_limit(parts):
    return ["%s: %d lines" % (part, part.last_line - part.first_line + 1) for part in parts
            if part.last_line - part.first_line + 1 > MAX_PART_LINES]


def test_no_part_is_over_the_limit(layout):
    assert parts_over_the_limit(layout.parts) == []


def test_a_name_is_defined_in_one_part(layout):
    assert ["%s: %s and %s" % case for case in layout.redefined] == []


def test_each_part_uses_only_its_own_and_earlier_parts(layout):
    assert describe(layout.late_uses) == []


def test_what_an_entry_says_it_calls_is_what_it_calls(layout):
    """An entry's "Calls ..." sentence names exactly the other parts it uses."""
    entries = docstring_entries(ast.parse(read_source()))
    said = {number: claimed_calls(text) for number, (_, text) in entries.items()}
    said = {number: claim for number, claim in said.items() if claim is not None}
    assert 1 in said and 7 in said  # "Calls nothing of tracker's", "engines call nothing below"
    assert {number: layout.calls[number] for number in said} == said


# The checker itself, on small modules ------------------------------------------------

def module_text(*parts, docstring=None):
    """A module of numbered parts, each given as (title, body)."""
    listed = docstring or "\n".join("%d. %s: ..." % (n, title)
                                    for n, (title, _) in enumerate(parts, 1))
    text = ['"""A module.\n\n%s\n"""\n' % listed]
    for number, (title, body) in enumerate(parts, 1):
        middle = "# %d · %s " % (number, title)
        text += [FRAME, middle + "#" * (79 - len(middle)), FRAME, "", body]
    return "\n".join(text) + "\n"


def late(text):
    return [(use.name, part.number, defining.number)
            for use, part, defining in read_layout(text).late_uses]


def test_a_later_parts_name_is_found_in_a_function_body():
    text = module_text(("One", "def early():\n    return later()\n"),
                       ("Two", "def later():\n    return 1\n"))
    assert late(text) == [("later", 1, 2)]


def test_a_local_or_parameter_hides_the_modules_name():
    text = module_text(("One", "def early(later):\n    return later\n\n"
                               "def other():\n    later = 1\n    return [later for later in ()]\n"),
                       ("Two", "def later():\n    return 1\n"))
    assert late(text) == []


def test_a_class_bodys_names_do_not_reach_its_methods():
    text = module_text(("One", "class Early:\n    later = 1\n\n"
                               "    def method(self):\n        return later\n"),
                       ("Two", "later = 2\n"))
    assert late(text) == [("later", 1, 2)]


def test_a_global_declaration_is_the_modules_name():
    text = module_text(("One", "def early():\n    global later\n    later = 3\n"),
                       ("Two", "later = 2\n"))
    assert late(text) == []  # a store, not a use
    text = module_text(("One", "def early():\n    global later\n    later += 3\n"
                               "    return later\n"),
                       ("Two", "later = 2\n"))
    assert late(text) == [("later", 1, 2)]


def test_the_assemblers_may_use_any_part():
    text = module_text(("One", "def add_early_routes(app):\n    def handler():\n"
                               "        return later()\n    return handler\n\n"
                               "def make_app():\n    return later()\n"),
                       ("Two", "def later():\n    return 1\n"))
    assert late(text) == []


def test_banners_the_docstring_does_not_list_are_found():
    text = module_text(("One", "x = 1\n"), ("Two", "y = 2\n"), docstring="1. One: ...")
    assert listed_and_opened(text) == ([(1, "One")], [(1, "One"), (2, "Two")])


def test_a_sub_banner_is_not_a_part():
    text = module_text(("One", "\n".join([FRAME, "# Topics " + "#" * 70, FRAME, "x = 1"])))
    assert [(p.number, p.title) for p in read_layout(text).parts] == [(1, "One")]
    assert [b.title for b in banners(text.splitlines())] == ["One", "Topics"]


@pytest.mark.parametrize("lines, over", [(MAX_PART_LINES, False), (MAX_PART_LINES + 1, True)])
def test_a_part_of_the_limits_length_passes_and_one_line_more_fails(lines, over):
    """A part counts from its banner's first line to the line before the next banner."""
    body = "\n".join("x%d = %d" % (n, n) for n in range(lines - 4))  # banner, blank line
    text = module_text(("One", body), ("Two", "y = 2"))
    first = parts_of(text.splitlines())[0]
    assert first.last_line - first.first_line + 1 == lines
    assert bool(parts_over_the_limit([first])) is over


@pytest.mark.parametrize("entry, claimed", [
    ("1. One: x. Calls nothing of tracker's.", set()),
    ("3. Three: x. Calls (1) and (2).", {1, 2}),
    ("7. Seven: x. Calls only (1), (4) and (6): engines call nothing below them.", {1, 4, 6}),
    ("14. Fourteen: x. Calls (1) to (4).", {1, 2, 3, 4}),
    ("9. Nine: x, extracted by (8).", None),
])
def test_an_entrys_claim_is_read(entry, claimed):
    assert claimed_calls(entry) == claimed


def test_a_part_calling_more_than_it_says_is_found():
    text = module_text(("One", "x = 1"), ("Two", "y = x"), ("Three", "def z():\n    return x + y\n"),
                       docstring="1. One: Calls nothing.\n2. Two: Calls (1).\n3. Three: Calls (1).")
    assert read_layout(text).calls == {1: set(), 2: {1}, 3: {1, 2}}
