"""Which changes between two OpenAPI documents break a client written against the older one.

breaking_changes(old, new) lists them, one line each; an empty list means every request that
the old document allowed is still allowed and every answer it promised is still given. The
rules are oasdiff's "breaking" checks (ERR level, as of oasdiff 1.30) for what tracker's
document uses, with three deliberate differences marked (tracker) below.

Requests (what a client sends must stay acceptable):
- a path or an operation removed;
- a parameter that is new and required, or that became required;
- a query parameter removed (tracker: an undeclared query parameter is a 422, so a client
  still sending it would be refused; oasdiff only warns);
- a request body that became required, or a media type it no longer accepts;
- a body property that is new and required, or that became required; a body property
  removed (tracker: an undeclared body field is a 422 since issue 42, so a client still
  sending it would be refused). additionalProperties: false set on a body is not counted:
  1.0.0 declared every field its operations read, and an undeclared one had no effect;
  a client that sent one anyway (a typo, a field GET shows) now hears of it;
- in a parameter or a body, an enum value removed or an enum set where there was none, a
  type no longer accepted (integer -> string, nullable -> not), a bound tightened or set
  (minLength, maxLength, minimum, maximum, exclusive ones, minItems, maxItems) or a pattern
  added or changed;
- a security scope added, or a key needed where none was.

Responses (what a client reads must stay readable):
- a success (2xx) status removed, or a media type of an answer removed (a CSV export);
- a response header removed (tracker: every header tracker declares is one a client reads,
  Location, ETag, the rate limits; oasdiff flags required ones only);
- a property removed (tracker: optional ones too, since a client that reads one would find
  it gone for good; oasdiff warns), or a required property that became optional;
- a value the client may not know: an enum value added (generated clients, such as the
  openapi-python-client the tests use, refuse an unknown enum value), an enum dropped, a
  type added, null included.
A response bound loosened (a longer name) is not counted: the same schema often describes a
request too, where loosening is how the interface grows.

$refs are followed; anyOf and oneOf are read as unions of their branches. A schema with
allOf or not is refused (ValueError) rather than misread.

Run as a script, it writes the document of the app at this commit as the frozen document of
this release: python tests/openapi_compat.py (see packaging/docs/api.md).
"""

import json
import os

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
LOWER_BOUNDS = ("minLength", "minimum", "exclusiveMinimum", "minItems")
UPPER_BOUNDS = ("maxLength", "maximum", "exclusiveMaximum", "maxItems")
ALL_TYPES = frozenset({"null", "boolean", "integer", "number", "string", "array", "object"})


def breaking_changes(old, new):
    """Every change from old to new that breaks a client of old, as lines of text."""
    found = []
    for path, old_item in old.get("paths", {}).items():
        new_item = new.get("paths", {}).get(path)
        if new_item is None:
            found.append("%s: path removed" % path)
            continue
        for method in METHODS:
            if method not in old_item:
                continue
            where = "%s %s" % (method.upper(), path)
            if method not in new_item:
                found.append("%s: operation removed" % where)
                continue
            found += Comparison(old, new).operation(where, old_item, new_item, method)
    return found


class Comparison:
    """One operation's comparison, which keeps the documents to resolve $refs in."""

    def __init__(self, old, new):
        self.old, self.new = old, new
        self.found = []
        self.comparing = set()  # schema pairs being compared: a recursive one ends

    def operation(self, where, old_item, new_item, method):
        old_op, new_op = old_item[method], new_item[method]
        self.parameters(where, parameters(self.old, old_item, old_op),
                        parameters(self.new, new_item, new_op))
        self.request_body(where, old_op.get("requestBody"), new_op.get("requestBody"))
        self.responses(where, old_op.get("responses", {}), new_op.get("responses", {}))
        self.security(where, old_op.get("security", self.old.get("security", [])),
                      new_op.get("security", self.new.get("security", [])))
        return self.found

    def parameters(self, where, old, new):
        for (place, name), parameter in new.items():
            if parameter.get("required") and not old.get((place, name), {}).get("required"):
                self.report("%s %s parameter %s" % (where, place, name),
                            "became required" if (place, name) in old else "new and required")
        for (place, name), parameter in old.items():
            label = "%s %s parameter %s" % (where, place, name)
            if (place, name) not in new:
                if place == "query":
                    self.report(label, "removed (tracker refuses an undeclared parameter)")
                continue
            self.schema(label, parameter["schema"], new[place, name]["schema"], request=True)

    def request_body(self, where, old, new):
        old, new = resolve(self.old, old or {}), resolve(self.new, new or {})
        if new.get("required") and not old.get("required"):
            self.report(where, "request body became required")
        for media, content in old.get("content", {}).items():
            label = "%s request %s" % (where, media)
            if media not in new.get("content", {}):
                self.report(label, "no longer accepted")
                continue
            self.schema(label, content.get("schema", {}), new["content"][media].get("schema", {}),
                        request=True)

    def responses(self, where, old, new):
        for status, old_answer in old.items():
            label = "%s response %s" % (where, status)
            if status not in new:
                if status.startswith("2"):
                    self.report(label, "removed")
                continue
            old_answer, new_answer = resolve(self.old, old_answer), resolve(self.new, new[status])
            new_headers = {name.lower() for name in new_answer.get("headers", {})}
            for name in old_answer.get("headers", {}):
                if name.lower() not in new_headers:
                    self.report(label, "header %s removed" % name)
            for media, content in old_answer.get("content", {}).items():
                if media not in new_answer.get("content", {}):
                    self.report("%s %s" % (label, media), "removed")
                    continue
                self.schema("%s %s" % (label, media), content.get("schema", {}),
                            new_answer["content"][media].get("schema", {}), request=False)

    def security(self, where, old, new):
        """Breaking when a key that passed one of old's requirements passes none of new's."""
        old, new = old or [{}], new or [{}]
        for had in old:
            if not any(all(scheme in had and set(scopes) <= set(had[scheme])
                           for scheme, scopes in needs.items()) for needs in new):
                self.report(where, "security %s no longer enough" % json.dumps(had))

    def schema(self, where, old, new, request, field=""):
        """Compare two schemas; field is the way to this one from the root ("data.tags[]")."""
        pair = (json.dumps(old, sort_keys=True), json.dumps(new, sort_keys=True))
        if pair in self.comparing:
            return
        self.comparing.add(pair)
        here = "%s %s" % (where, field) if field else where
        old_branches, new_branches = branches(self.old, old), branches(self.new, new)
        self.values(here, old_branches, new_branches, request)
        if request:
            self.bounds(here, old_branches, new_branches)
        self.properties(where, field, old_branches, new_branches, request)
        old_items, new_items = items(old_branches), items(new_branches)
        if old_items and new_items:
            self.schema(where, old_items, new_items, request, field + "[]")
        self.comparing.discard(pair)

    def values(self, where, old, new, request):
        """Enums and types: a request may only gain values, a response only lose them."""
        old_values, new_values = values(old), values(new)
        if old_values is not None and new_values is not None:
            lost, gained = old_values - new_values, new_values - old_values
            if request and lost:
                self.report(where, "enum values removed: %s" % ", ".join(sorted(lost)))
            if not request and gained:
                self.report(where, "enum values added: %s" % ", ".join(sorted(gained)))
            return
        if request and old_values is None and new_values is not None:
            self.report(where, "restricted to an enum")
        if not request and old_values is not None and new_values is None:
            self.report(where, "no longer an enum")
        old_types, new_types = types(old), types(new)
        if request and old_types - new_types:
            self.report(where, "no longer accepts %s" % ", ".join(sorted(old_types - new_types)))
        if not request and new_types - old_types:
            self.report(where, "may now be %s" % ", ".join(sorted(new_types - old_types)))

    def bounds(self, where, old, new):
        """Bounds of the one branch of each type on either side (a nullable string's)."""
        for kind in ALL_TYPES:
            old_ones = [b for b in old if branch_type(b) == kind]
            new_ones = [b for b in new if branch_type(b) == kind]
            if len(old_ones) != 1 or len(new_ones) != 1:
                continue
            (was,), (now,) = old_ones, new_ones
            for name in LOWER_BOUNDS + UPPER_BOUNDS:
                if name not in now:
                    continue
                tighter = (name not in was or (now[name] > was[name] if name in LOWER_BOUNDS
                                               else now[name] < was[name]))
                if tighter:
                    self.report(where, "%s %s -> %s" % (name, was.get(name, "none"), now[name]))
            if "pattern" in now and now["pattern"] != was.get("pattern"):
                self.report(where, "pattern %s -> %s" % (was.get("pattern", "none"),
                                                         now["pattern"]))

    def properties(self, where, field, old, new, request):
        old_properties, new_properties = properties(old), properties(new)
        old_required, new_required = required(old, request), required(new, request)
        for name in sorted(old_properties):
            if name in new_properties:
                self.schema(where, old_properties[name], new_properties[name], request,
                            child(field, name))
            else:
                self.report("%s %s" % (where, child(field, name)), "removed" if not request
                            else "removed (tracker refuses an undeclared body field)")
        if request:
            for name in sorted(new_required - old_required):
                self.report("%s %s" % (where, child(field, name)),
                            "became required" if name in old_properties else "new and required")
        else:
            for name in sorted((old_required - new_required) & set(new_properties)):
                self.report("%s %s" % (where, child(field, name)), "became optional")

    def report(self, where, what):
        self.found.append("%s: %s" % (where, what))


def child(field, name):
    return field + "." + name if field else name


def resolve(document, schema):
    """schema with its $ref followed (to the end of a chain), siblings of $ref kept."""
    while "$ref" in schema:
        target = document
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        schema = dict(target, **{k: v for k, v in schema.items() if k != "$ref"})
    return schema


def parameters(document, item, operation):
    """An operation's parameters by (in, name), the path item's overridden by its own."""
    found = {}
    for parameter in item.get("parameters", []) + operation.get("parameters", []):
        parameter = resolve(document, parameter)
        name = parameter["name"].lower() if parameter["in"] == "header" else parameter["name"]
        found[parameter["in"], name] = dict(parameter, schema=resolve(
            document, parameter.get("schema", {})))
    return found


def branches(document, schema):
    """The alternatives a schema admits, each resolved and without anyOf/oneOf."""
    schema = resolve(document, schema)
    if "allOf" in schema or "not" in schema:
        raise ValueError("allOf and not are not compared: teach openapi_compat.py them")
    union = schema.get("anyOf", []) + schema.get("oneOf", [])
    if not union:
        return [schema]
    return [branch for alternative in union for branch in branches(document, alternative)]


def json_type(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return {float: "number", str: "string", list: "array", dict: "object"}[type(value)]


def branch_types(branch):
    if "const" in branch:
        return {json_type(branch["const"])}
    if "enum" in branch:
        return {json_type(value) for value in branch["enum"]}
    if "type" in branch:
        declared = branch["type"]
        return set([declared] if isinstance(declared, str) else declared)
    return set(ALL_TYPES)


def types(branches):
    """The JSON types admitted; a number admits an integer."""
    admitted = set().union(*(branch_types(b) for b in branches))
    return admitted | {"integer"} if "number" in admitted else admitted


def branch_type(branch):
    kinds = branch_types(branch)
    return next(iter(kinds)) if len(kinds) == 1 else None


def values(branches):
    """The values admitted, as canonical JSON, when every branch lists them; else None."""
    admitted = set()
    for branch in branches:
        if "const" in branch:
            admitted.add(json.dumps(branch["const"], sort_keys=True))
        elif "enum" in branch:
            admitted.update(json.dumps(value, sort_keys=True) for value in branch["enum"])
        elif branch.get("type") == "null":
            admitted.add("null")
        else:
            return None
    return admitted


def properties(branches):
    """Each property named by an object branch, as the union of its schemas there."""
    found = {}
    for branch in branches:
        for name, schema in branch.get("properties", {}).items():
            found.setdefault(name, []).append(schema)
    return {name: schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
            for name, schemas in found.items()}


def required(branches, request):
    """Properties a request must send (required by any object branch), or a response
    always holds (required by every one)."""
    objects = [set(b.get("required", [])) for b in branches if "properties" in b]
    if not objects:
        return set()
    return set().union(*objects) if request else set.intersection(*objects)


def items(branches):
    found = [b["items"] for b in branches if "items" in b]
    return found[0] if len(found) == 1 else {"anyOf": found} if found else None


def frozen_path(version):
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "openapi-%s.json" % version)


def current_document():
    import webtest

    import tracker
    app = tracker.make_app(":memory:", runs="off")
    return webtest.TestApp(app).get("/api/v1/openapi.json").json


if __name__ == "__main__":
    import tracker
    document = current_document()
    with open(frozen_path(tracker.__version__), "w", encoding="utf-8") as out:
        json.dump(document, out, indent=1, ensure_ascii=False)
        out.write("\n")
    print("wrote", frozen_path(tracker.__version__))
