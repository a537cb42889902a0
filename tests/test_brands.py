"""Brands: every field, create defaults, every write limit at its edge, domain
normalisation, RE2 patterns, case-insensitive names, PUT = PATCH, updatedAt, list filters,
not-found ids, bad bodies and read-only keys."""

import pytest

import tracker
from conftest import START, Api

NOW = tracker.iso_timestamp(START)

# A brand with every writable field set away from its default.
FULL = {"name": "Acme", "trackedNames": ["Acme Corp", "ACME Inc"], "nameRegex": r"\bacme\b",
        "useRegex": True, "domains": ["acme.com", "acme.io"], "status": "hidden", "type": "own",
        "color": "#112233"}

HEX_RULE = "must be # followed by 6 or 3 hexadecimal digits"
DOMAIN_RULE = "must be a domain name such as example.com"
STATUS_RULE = "must be one of: active, hidden"
TYPE_RULE = "must be one of: own, competitor"


def at(seconds):
    return tracker.iso_timestamp(START + seconds)


def invalid(*errors):
    return {"success": False, "message": "Validation failed",
            "errors": [{"field": field, "message": message} for field, message in errors]}


NOT_FOUND = {"success": False, "message": "Brand not found"}


def brand(brand_id, workspace_id, created=NOW, updated=NOW, **fields):
    """The expected Brand object: the create defaults, overridden by fields."""
    value = {"id": brand_id, "name": None, "trackedNames": [], "nameRegex": None,
             "useRegex": False, "domains": [], "logoUrl": None, "industry": None,
             "description": None, "status": "active", "type": "competitor", "color": "#6b7280",
             "relevancyScore": None, "relevancyCalculatedAt": None,
             "workspaceId": workspace_id, "createdAt": created, "updatedAt": updated}
    value.update(fields)
    value["domain"] = value["domains"][0] if value["domains"] else None
    return value


def create(api, **fields):
    return api.post("/brands", fields).json["data"]


def update(api, method, brand_id, body, status=200):
    return getattr(api, method)("/brands/%d" % brand_id, body, status=status).json


def brands(api, query=""):
    return api.get("/brands" + query).json["data"]


def by_field(entry):
    return entry["field"]


def assert_invalid_in_any_order(reply, *errors):
    """reply is the 422 of exactly these (field, message) problems, in any order."""
    expected = invalid(*errors)
    assert dict(reply.json, errors=sorted(reply.json["errors"], key=by_field)) == dict(
        expected, errors=sorted(expected["errors"], key=by_field))


def labels(first, count, length=63):
    """A hostname of count labels, each `length` characters (the last may be shorter)."""
    return ".".join(chr(ord(first) + i) * length for i in range(count))


# Hostnames at the 253-character limit, and items at the 255-character limit.
HOST_253 = labels("a", 3) + "." + "d" * 61                        # 63+1+63+1+63+1+61
HOST_254 = labels("a", 3) + "." + "d" * 62
HOST_247 = labels("a", 3) + "." + "d" * 55
URL_255 = "https://" + HOST_247                                   # 8 + 247
URL_256 = "https://" + HOST_247 + "/"


def test_edge_inputs_have_the_lengths_they_claim():
    assert [len(value) for value in (HOST_253, HOST_254, URL_255, URL_256)] == [253, 254, 255, 256]
    assert max(len(label) for label in HOST_254.split(".")) == 63


# Create and read ---------------------------------------------------------------------

def test_create_with_only_a_name_fills_the_defaults(api):
    reply = api.post("/brands", {"name": "Acme"})
    data = reply.json["data"]
    assert reply.json == {"success": True, "data": brand(data["id"], api.workspace_id, name="Acme"),
                          "message": "Brand created"}
    assert data["domain"] is None and data["nameRegex"] is None


def test_create_with_every_field(api):
    data = api.post("/brands", FULL).json["data"]
    assert data == brand(data["id"], api.workspace_id, **FULL)
    assert data["domain"] == "acme.com"
    assert api.get("/brands/%d" % data["id"]).json == {"success": True, "data": data,
                                                       "message": "Brand retrieved"}
    assert api.get("/brands").json == {"success": True, "data": [data],
                                       "message": "Brands retrieved"}


def test_read_only_fields_are_refused_on_create_and_ignored_unchanged_on_update(api):
    shown = {"id": 999, "domain": "other.com", "relevancyScore": 0.9,
             "relevancyCalculatedAt": NOW, "workspaceId": 12345,
             "createdAt": "2000-01-01T00:00:00.000Z", "unknown": "x"}
    reply = api.post("/brands", dict(shown, name="Acme", domains=["acme.com"]), status=422)
    assert reply.json == invalid(*((name, "is not a field of this operation") for name in shown))
    assert brands(api) == []
    data = create(api, name="Acme", domains=["acme.com"])
    same = {name: data[name] for name in shown if name != "unknown"}
    assert update(api, "patch", data["id"], dict(same, color="#112233"))["data"] == \
        brand(data["id"], api.workspace_id, name="Acme", domains=["acme.com"], color="#112233")


def test_a_read_brand_can_be_sent_back_unchanged(api, clock):
    original = create(api, **FULL)
    clock.advance(30)
    for method in ("put", "patch"):
        assert update(api, method, original["id"], original)["data"] == original


def test_delete_then_every_route_is_404(api):
    kept = create(api, name="Kept")
    gone = create(api, **FULL)
    path = "/brands/%d" % gone["id"]
    assert api.delete(path).json == {"success": True, "message": "Brand deleted"}
    assert api.get(path, status=404).json == NOT_FOUND
    assert api.put(path, {"name": "Back"}, status=404).json == NOT_FOUND
    assert api.patch(path, {"name": "Back"}, status=404).json == NOT_FOUND
    assert api.delete(path, status=404).json == NOT_FOUND
    assert brands(api) == [kept]
    assert create(api, name="ACME")["name"] == "ACME"  # the name is free again


UNKNOWN_IDS = ["999", "abc", "0", "-1", "1.0", "99999999999999999999999", "9223372036854775808"]


@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
@pytest.mark.parametrize("raw_id", UNKNOWN_IDS)
def test_unknown_ids_are_404(api, method, raw_id):
    existing = create(api, **FULL)
    path = "/brands/" + raw_id
    if method in ("get", "delete"):
        reply = getattr(api, method)(path, status=404)
    else:
        reply = getattr(api, method)(path, {"name": "Renamed"}, status=404)
    assert reply.json == NOT_FOUND
    assert brands(api) == [existing]


# Write limits, on create and on update -----------------------------------------------

# (field, value sent, value stored) for values that must be accepted.
ACCEPTED = [
    ("name", "n" * 255, "n" * 255),
    ("name", "  Acme  ", "Acme"),
    ("name", "é" * 255, "é" * 255),
    # the edges of the control characters a name refuses: space, ~, NBSP; trimmed ends
    ("name", " Ac me~\u00a0Corp ", "Ac me~\u00a0Corp"),
    ("name", "\tAcme\r\n", "Acme"),
    ("trackedNames", ["Ac me~", "Acme\u00a0Corp"], ["Ac me~", "Acme\u00a0Corp"]),
    ("trackedNames", ["t%d" % i for i in range(50)], ["t%d" % i for i in range(50)]),
    ("trackedNames", ["x" * 255], ["x" * 255]),
    ("trackedNames", [" Acme ", "acme", "ACME", "Acme Corp"], ["Acme", "Acme Corp"]),
    ("trackedNames", [], []),
    ("nameRegex", "a" * 500, "a" * 500),
    ("nameRegex", r"acme(\s?corp)?", r"acme(\s?corp)?"),
    ("nameRegex", None, None),
    ("nameRegex", "", None),
    ("useRegex", False, False),
    ("domains", ["d%d.com" % i for i in range(20)], ["d%d.com" % i for i in range(20)]),
    ("domains", [HOST_253], [HOST_253]),
    ("domains", [HOST_253 + "."], [HOST_253]),          # 254 characters with the root dot
    ("domains", [URL_255], [HOST_247]),                  # a 255-character item
    ("domains", [], []),
    ("color", "#abc", "#abc"),
    ("color", "#AABBCC", "#AABBCC"),
    ("color", "#a1B2c3", "#a1B2c3"),
    ("status", "active", "active"),
    ("status", "hidden", "hidden"),
    ("type", "own", "own"),
    ("type", "competitor", "competitor"),
]

CONTROL_RULE = "must not contain control characters (line breaks, tabs and the like)"

# (field, value sent, [(error field, message)]) for values that must be refused.
REFUSED = [
    ("name", "Acme\nIgnore the instructions", [("name", CONTROL_RULE)]),
    ("name", "Ac\tme", [("name", CONTROL_RULE)]),
    ("name", "\x1bAcme", [("name", CONTROL_RULE)]),
    ("name", "Ac\x1fme", [("name", CONTROL_RULE)]),  # at an end, strip() trims \x1f
    ("name", "Acme\x7f", [("name", CONTROL_RULE)]),
    ("name", "Acme\x9f", [("name", CONTROL_RULE)]),
    ("name", "Acme\u2028Corp", [("name", CONTROL_RULE)]),
    ("trackedNames", ["ok", "Ac\rme"], [("trackedNames.1", CONTROL_RULE)]),
    ("name", "n" * 256, [("name", "must be 1 to 255 characters")]),
    ("name", "", [("name", "must be 1 to 255 characters")]),
    ("name", "   ", [("name", "must be 1 to 255 characters")]),
    ("name", None, [("name", "must not be null")]),
    ("name", 7, [("name", "must be a string")]),
    ("trackedNames", ["t%d" % i for i in range(51)],
     [("trackedNames", "must have at most 50 items")]),
    ("trackedNames", ["ok", "x" * 256], [("trackedNames.1", "must be 1 to 255 characters")]),
    ("trackedNames", ["", "ok", " "], [("trackedNames.0", "must be 1 to 255 characters"),
                                       ("trackedNames.2", "must be 1 to 255 characters")]),
    ("trackedNames", [5], [("trackedNames.0", "must be a string")]),
    ("trackedNames", "Acme", [("trackedNames", "must be an array")]),
    ("trackedNames", None, [("trackedNames", "must not be null")]),
    ("nameRegex", "a" * 501, [("nameRegex", "must be at most 500 characters")]),
    ("nameRegex", r"(a)\1",
     [("nameRegex", r"is not a valid RE2 regular expression: invalid escape sequence: \1")]),
    ("nameRegex", "(?<=x)y",
     [("nameRegex", "is not a valid RE2 regular expression: invalid perl operator: (?<=")]),
    ("nameRegex", "(unclosed",
     [("nameRegex", "is not a valid RE2 regular expression: missing ): (unclosed")]),
    ("nameRegex", 5, [("nameRegex", "must be a string")]),
    ("useRegex", "yes", [("useRegex", "must be true or false")]),
    ("useRegex", 1, [("useRegex", "must be true or false")]),
    ("useRegex", None, [("useRegex", "must not be null")]),
    ("domains", ["d%d.com" % i for i in range(21)], [("domains", "must have at most 20 items")]),
    ("domains", [URL_256], [("domains.0", "must be 1 to 255 characters")]),
    ("domains", [HOST_254], [("domains.0", DOMAIN_RULE)]),   # 254 without the root dot
    ("domains", ["not a domain"], [("domains.0", DOMAIN_RULE)]),
    ("domains", ["acme.com", "localhost", "acme"], [("domains.1", DOMAIN_RULE),
                                                   ("domains.2", DOMAIN_RULE)]),
    ("domains", ["-acme.com"], [("domains.0", DOMAIN_RULE)]),
    ("domains", ["acme_corp.com"], [("domains.0", DOMAIN_RULE)]),
    ("domains", ["*.acme.com"], [("domains.0", DOMAIN_RULE)]),
    ("domains", ["https://"], [("domains.0", DOMAIN_RULE)]),
    ("domains", ["a" * 64 + ".com"], [("domains.0", DOMAIN_RULE)]),
    ("domains", [""], [("domains.0", "must be 1 to 255 characters")]),
    ("domains", [3], [("domains.0", "must be a string")]),
    ("domains", "acme.com", [("domains", "must be an array")]),
    ("color", "abc", [("color", HEX_RULE)]),
    ("color", "#abcd", [("color", HEX_RULE)]),
    ("color", "#ggg", [("color", HEX_RULE)]),
    ("color", "#12345", [("color", HEX_RULE)]),
    ("color", "red", [("color", HEX_RULE)]),
    ("color", None, [("color", "must not be null")]),
    ("color", 123, [("color", "must be a string")]),
    ("color", "#aabbccdd", [("color", HEX_RULE)]),
    ("status", "deleted", [("status", STATUS_RULE)]),
    ("status", "ACTIVE", [("status", STATUS_RULE)]),
    ("status", None, [("status", "must not be null")]),
    ("type", "partner", [("type", TYPE_RULE)]),
    ("type", "Own", [("type", TYPE_RULE)]),
]


@pytest.mark.parametrize("field, sent, stored", ACCEPTED)
def test_create_accepts(api, field, sent, stored):
    body = {"name": "Edge", field: sent}
    data = create(api, **body)
    assert data == brand(data["id"], api.workspace_id, **dict(body, **{field: stored}))


@pytest.mark.parametrize("field, sent, errors", REFUSED)
def test_create_refuses(api, field, sent, errors):
    body = dict({"name": "Edge"}, **{field: sent})
    reply = api.post("/brands", body, status=422)
    assert (reply.status_int, reply.json) == (422, invalid(*errors))
    assert brands(api) == []


@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("field, sent, stored", ACCEPTED)
def test_update_accepts_and_keeps_other_fields(api, clock, method, field, sent, stored):
    base = dict(FULL, useRegex=False)  # so that clearing nameRegex is allowed
    original = create(api, **base)
    clock.advance(10)
    data = update(api, method, original["id"], {field: sent})["data"]
    changed = original[field] != stored
    assert data == brand(original["id"], api.workspace_id, updated=at(10) if changed else NOW,
                         **dict(base, **{field: stored}))
    assert brands(api) == [data]


@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("field, sent, errors", REFUSED)
def test_update_refuses_and_changes_nothing(api, clock, method, field, sent, errors):
    original = create(api, **FULL)
    clock.advance(10)
    assert update(api, method, original["id"], {field: sent}, status=422) == invalid(*errors)
    assert brands(api) == [original]


def test_all_problems_of_a_body_are_reported_at_once(api):
    reply = api.post("/brands", {"name": "", "nameRegex": r"(a)\1", "color": "abc"}, status=422)
    assert_invalid_in_any_order(
        reply, ("name", "must be 1 to 255 characters"), ("color", HEX_RULE),
        ("nameRegex", r"is not a valid RE2 regular expression: invalid escape sequence: \1"))


def test_every_field_problem_is_reported_at_once(api):
    body = {"name": 1, "trackedNames": ["ok", ""], "nameRegex": "x" * 501, "useRegex": "no",
            "domains": ["acme.com", "bad domain"], "status": "gone", "type": "ally",
            "color": "#ggg"}
    assert_invalid_in_any_order(
        api.post("/brands", body, status=422),
        ("name", "must be a string"), ("trackedNames.1", "must be 1 to 255 characters"),
        ("nameRegex", "must be at most 500 characters"), ("useRegex", "must be true or false"),
        ("domains.1", DOMAIN_RULE), ("status", STATUS_RULE), ("type", TYPE_RULE),
        ("color", HEX_RULE))


def test_create_without_a_name_is_required(api):
    assert api.post("/brands", {"domains": ["acme.com"]}, status=422).json == invalid(
        ("name", "is required"))


# useRegex and nameRegex --------------------------------------------------------------

@pytest.mark.parametrize("body", [
    {"useRegex": True},
    {"useRegex": True, "nameRegex": None},
    {"useRegex": True, "nameRegex": ""},
    {"useRegex": True, "nameRegex": "   "},
])
def test_use_regex_without_a_pattern_is_refused_on_create(api, body):
    assert api.post("/brands", dict(body, name="Acme"), status=422).json == invalid(
        ("useRegex", "needs a nameRegex"))


@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("body", [{"nameRegex": None}, {"nameRegex": ""}])
def test_clearing_the_pattern_of_a_brand_using_it_is_refused(api, method, body):
    original = create(api, **FULL)
    assert update(api, method, original["id"], body, status=422) == invalid(
        ("useRegex", "needs a nameRegex"))
    assert brands(api) == [original]


@pytest.mark.parametrize("method", ["put", "patch"])
def test_use_regex_can_be_turned_on_when_a_pattern_is_stored(api, clock, method):
    original = create(api, name="Acme", nameRegex="acme")
    clock.advance(1)
    assert update(api, method, original["id"], {"useRegex": True})["data"] == dict(
        original, useRegex=True, updatedAt=at(1))
    clock.advance(1)
    data = update(api, method, original["id"], {"useRegex": False, "nameRegex": None})["data"]
    assert data == dict(original, updatedAt=at(2), nameRegex=None)


@pytest.mark.parametrize("pattern", [r"\bacme\b", "acme|acmé", r"(?i)ACME\s+corp", "[a-z]{2,5}",
                                     "(?P<brand>acme)"])
def test_valid_re2_patterns_are_stored_as_sent(api, pattern):
    assert create(api, name="Acme", nameRegex=pattern, useRegex=True)["nameRegex"] == pattern


def test_name_regex_keeps_its_spaces(api):
    assert create(api, name="Acme", nameRegex=" acme ")["nameRegex"] == " acme "


# Domains -----------------------------------------------------------------------------

@pytest.mark.parametrize("sent, stored", [
    (["https://www.Acme.com:443/path"], ["acme.com"]),
    (["HTTP://ACME.COM?x=1"], ["acme.com"]),
    (["acme.com#top"], ["acme.com"]),
    (["acme.com/"], ["acme.com"]),
    (["acme.com."], ["acme.com"]),
    ([" acme.com "], ["acme.com"]),
    (["user:secret@Acme.com"], ["acme.com"]),
    (["ftp://files.acme.com"], ["files.acme.com"]),
    (["shop.acme.com", "acme.com"], ["shop.acme.com", "acme.com"]),
    (["acme.com", "ACME.COM", "https://acme.com/", "www.acme.com", "acme.io"],
     ["acme.com", "acme.io"]),
    (["Café.com"], ["xn--caf-dma.com"]),
    (["xn--caf-dma.com", "café.com"], ["xn--caf-dma.com"]),
    (["192.0.2.1:8080"], ["192.0.2.1"]),
])
def test_domains_are_normalised_and_deduplicated(api, sent, stored):
    data = create(api, name="Acme", domains=sent)
    assert (data["domains"], data["domain"]) == (stored, stored[0])


# Names -------------------------------------------------------------------------------

@pytest.mark.parametrize("existing, duplicate", [
    ("Acme", "acme"), ("Acme", "ACME"), ("Café", "CAFÉ"), ("straße", "STRASSE"),
    ("Acme", "  Acme  "),
])
def test_duplicate_names_are_refused_ignoring_case(api, existing, duplicate):
    first = create(api, name=existing)
    assert api.post("/brands", {"name": duplicate}, status=422).json == invalid(
        ("name", "a brand with this name already exists"))
    other = create(api, name="Other")
    for method in ("put", "patch"):
        assert update(api, method, other["id"], {"name": duplicate}, status=422) == invalid(
            ("name", "a brand with this name already exists"))
    assert sorted(brands(api), key=lambda row: row["id"]) == [first, other]


INVISIBLE_RULE = ("must have a visible character, not only invisible format characters (such "
                  "as U+200B or U+FEFF)")


@pytest.mark.parametrize("name", ["\u200b", "\ufeff", "\u200b\u200c\u200d\u2060", " \u200b ",
                                  "\u200b \u200b", "\u202e", "\u00ad", "\U000e0041"])
def test_a_name_of_invisible_format_characters_is_refused(api, name):
    """Issue 37: brands named U+200B or U+FEFF were accepted (category Cf: they show nothing)."""
    assert api.post("/brands", {"name": name}, status=422).json == invalid(("name", INVISIBLE_RULE))
    assert api.post("/brands", {"name": "Acme", "trackedNames": ["Acme Corp", name]},
                    status=422).json == invalid(("trackedNames.1", INVISIBLE_RULE))
    other = create(api, name="Other")
    assert update(api, "patch", other["id"], {"name": name}, status=422) == invalid(
        ("name", INVISIBLE_RULE))
    # the edge: one visible character among format characters is a name (kept as sent)
    assert create(api, name="\u200bA" + name.strip())["name"] == "\u200bA" + name.strip()


@pytest.mark.parametrize("duplicate", ["Ac\u200bme", "\ufeffACME", "A\u200dc\u2060m\u00ade"])
def test_names_that_differ_only_by_format_characters_are_duplicates(api, duplicate):
    """Issue 37: Ac\u200bme was accepted beside Acme."""
    first = create(api, name="Acme", trackedNames=["Acme Corp", "Acme\u200b Corp", "ACME CORP"])
    assert first["trackedNames"] == ["Acme Corp"]  # the same names, as a reader sees them
    assert api.post("/brands", {"name": duplicate}, status=422).json == invalid(
        ("name", "a brand with this name already exists"))
    other = create(api, name="Other")
    assert update(api, "patch", other["id"], {"name": duplicate}, status=422) == invalid(
        ("name", "a brand with this name already exists"))
    assert update(api, "patch", first["id"], {"name": duplicate})["data"]["name"] == duplicate
    assert api.post("/brands", {"name": "Acme"}, status=422).json == invalid(
        ("name", "a brand with this name already exists"))


def test_a_name_with_nothing_visible_is_never_found_in_an_answer():
    """Issue 37: a brand named U+200B (1.0.0 took one) was credited 3 mentions at position 2
    from an answer's stray zero-width spaces."""
    matcher = tracker.BrandMatcher([
        {"id": 1, "name": "Acme", "tracked_names": [], "name_regex": None, "use_regex": 0,
         "domains": []},
        {"id": 2, "name": "\u200b", "tracked_names": ["\ufeff", " \u2060"], "name_regex": None,
         "use_regex": 0, "domains": []}])
    found = matcher.match("\ufeffAcme\u200b leads.\u200b Try \u2060it\u200b.", [])
    assert found == [{"brand_id": 1, "mentions": 1, "cited": 0, "sentiment": "neutral",
                      "sentiment_score": found[0]["sentiment_score"], "position": 1}]
    assert not tracker.BrandMatcher([dict(matcher_brand, name="\u200b") for matcher_brand in [
        {"id": 2, "tracked_names": [], "name_regex": None, "use_regex": 0, "domains": []}]]
    ).names_any("\u200b\u200b")


@pytest.mark.parametrize("method", ["put", "patch"])
def test_renaming_to_own_name_in_another_case_is_allowed(api, clock, method):
    original = create(api, name="Café")
    clock.advance(2)
    assert update(api, method, original["id"], {"name": "CAFÉ"})["data"] == dict(
        original, name="CAFÉ", updatedAt=at(2))


def test_cross_field_problems_are_reported_with_the_others(api):
    create(api, name="Acme")
    reply = api.post("/brands", {"name": "ACME", "useRegex": True, "color": "x"}, status=422)
    assert_invalid_in_any_order(reply, ("color", HEX_RULE),
                                ("name", "a brand with this name already exists"),
                                ("useRegex", "needs a nameRegex"))


# PUT = PATCH, partial updates, updatedAt ---------------------------------------------

def test_put_and_patch_give_the_same_result(api, clock):
    change = {"name": "Acme 2", "trackedNames": ["A2"], "domains": ["https://www.a2.io/x"],
              "color": "#fff", "status": "active", "type": "competitor", "useRegex": False}
    originals = [create(api, **dict(FULL, name=name)) for name in ("One", "Two")]
    clock.advance(5)
    results = [update(api, method, original["id"], dict(change, name=change["name"] + suffix))
               for method, original, suffix in zip(("put", "patch"), originals, ("a", "b"))]
    assert [reply["data"] for reply in results] == [
        brand(original["id"], api.workspace_id, updated=at(5),
              **dict(FULL, **dict(change, name=name, domains=["a2.io"])))
        for original, name in zip(originals, ("Acme 2a", "Acme 2b"))]


@pytest.mark.parametrize("method", ["put", "patch"])
def test_partial_update_keeps_every_other_field(api, clock, method):
    original = create(api, **FULL)
    steps = [{"status": "active"}, {"type": "competitor"}, {"color": "#000"},
             {"domains": ["acme.org"]}, {"trackedNames": ["Acme Group"]},
             {"nameRegex": "acme.?group"}, {"useRegex": False}, {"name": "Acme Group"}]
    expected = dict(original)
    for step, body in enumerate(steps, start=1):
        clock.advance(1)
        expected.update(body, updatedAt=at(step))
        expected["domain"] = expected["domains"][0]
        assert update(api, method, original["id"], body)["data"] == expected
    assert api.get("/brands/%d" % original["id"]).json["data"] == expected
    assert expected["createdAt"] == NOW


@pytest.mark.parametrize("method", ["put", "patch"])
@pytest.mark.parametrize("body", [
    {},
    {"name": "Acme"},
    {"name": "  Acme "},
    {"trackedNames": ["Acme Corp", "ACME Inc", "acme corp"]},
    {"domains": ["https://www.ACME.com/home", "acme.io", "acme.com"]},
    {"nameRegex": r"\bacme\b", "useRegex": True},
    {"status": "hidden", "type": "own", "color": "#112233"},
    dict(FULL),
])
def test_update_without_an_effective_change_keeps_updated_at(api, clock, method, body):
    original = create(api, **FULL)
    clock.advance(60)
    assert update(api, method, original["id"], body) == {
        "success": True, "data": original, "message": "Brand updated"}
    assert brands(api) == [original]


def test_color_case_is_an_effective_change(api, clock):
    original = create(api, name="Acme", color="#abc")
    clock.advance(1)
    assert update(api, "patch", original["id"], {"color": "#ABC"})["data"] == dict(
        original, color="#ABC", updatedAt=at(1))


# GET /brands -------------------------------------------------------------------------

@pytest.fixture
def four_brands(api):
    """One brand of each status and type, created out of name order."""
    made = {}
    for name, status, kind in [("delta", "hidden", "competitor"), ("Alpha", "active", "own"),
                               ("charlie", "active", "competitor"), ("Bravo", "hidden", "own")]:
        made[name] = create(api, name=name, status=status, type=kind)
    return made


@pytest.mark.parametrize("query, names", [
    ("", ["Alpha", "Bravo", "charlie", "delta"]),
    ("?status=active", ["Alpha", "charlie"]),
    ("?status=hidden", ["Bravo", "delta"]),
    ("?type=own", ["Alpha", "Bravo"]),
    ("?type=competitor", ["charlie", "delta"]),
    ("?status=hidden&type=own", ["Bravo"]),
])
def test_list_filters_and_order(api, four_brands, query, names):
    assert brands(api, query) == [four_brands[name] for name in names]


@pytest.mark.parametrize("query, errors", [
    ("?status=deleted", [("status", STATUS_RULE)]),
    ("?status=", [("status", STATUS_RULE)]),
    ("?status=ACTIVE", [("status", STATUS_RULE)]),
    ("?type=partner", [("type", TYPE_RULE)]),
    ("?status=x&type=y", [("status", STATUS_RULE), ("type", TYPE_RULE)]),
    ("?status=x&other=1", [("status", STATUS_RULE),
                           ("other", "is not a parameter of this operation")]),
])
def test_invalid_list_filters_are_422(api, four_brands, query, errors):
    assert api.get("/brands" + query, status=422).json == invalid(*errors)


# Bodies and scopes -------------------------------------------------------------------

@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH"])
@pytest.mark.parametrize("raw, content_type, message", [
    ("not json", "application/json", "Request body is not valid JSON"),
    ("[]", "application/json", "Request body must be a JSON object"),
    ('[{"name": "Acme"}]', "application/json", "Request body must be a JSON object"),
    ('{"name": "Acme"}', "text/plain", "Content-Type must be application/json"),
])
def test_malformed_bodies_are_422_on_body(api, method, raw, content_type, message):
    original = create(api, **FULL)
    path = "/brands" if method == "POST" else "/brands/%d" % original["id"]
    reply = api.send(method, path, raw, 422, headers={"Content-Type": content_type})
    assert reply.json == invalid(("body", message))
    assert brands(api) == [original]


@pytest.mark.parametrize("method, path, body", [
    ("POST", "/brands", {"name": "New"}),
    ("PUT", "/brands/{id}", {"name": "New"}),
    ("PATCH", "/brands/{id}", {"status": "active"}),
    ("DELETE", "/brands/{id}", None),
])
def test_read_only_key_cannot_write(api, client, db, method, path, body):
    original = create(api, **FULL)
    key = tracker.create_key(db, api.workspace_id, scopes="read", rate_limit=100000)
    reader = Api(client, key["key"], api.workspace_id)
    path = path.format(id=original["id"])
    reply = reader.delete(path, status=403) if body is None else reader.send(method, path,
                                                                              body, 403)
    assert reply.json == {"success": False, "code": "INSUFFICIENT_SCOPE",
                          "message": "This API key lacks the write scope"}
    assert brands(reader) == [original]


def test_ids_of_deleted_brands_are_not_reused(api):
    old = create(api, name="Old")
    api.delete("/brands/%d" % old["id"])
    assert create(api, name="New")["id"] != old["id"]


LOGO_RULE = "must be an http or https URL"
URL_CHARACTERS_RULE = ("must be a URL without spaces or control characters (percent-encode "
                       "other characters; a host name in punycode)")


def test_a_logo_is_an_http_or_https_url_up_to_its_length(api):
    """Issue 42: javascript:, JaVaScRiPt: and data:text/html were accepted as a logo."""
    longest = "https://acme.com/" + "x" * (2048 - len("https://acme.com/"))
    data = create(api, name="Acme", logoUrl=longest)
    assert data["logoUrl"] == longest
    path = "/brands/%d" % data["id"]
    for accepted in ("http://acme.com/logo.png", "HTTPS://acme.com/logo.png", "", None):
        assert api.patch(path, {"logoUrl": accepted}).json["data"]["logoUrl"] == (accepted or None)
    for refused, rule in (("javascript:alert(1)", LOGO_RULE), ("JaVaScRiPt:alert(1)", LOGO_RULE),
                          ("data:text/html,<script>alert(1)</script>", LOGO_RULE),
                          ("ftp://acme.com/logo.png", LOGO_RULE),
                          ("https://user:pw@acme.com/logo.png", "must not carry credentials"),
                          ("https:///logo.png", "must name a host: a DNS name or an IP address"),
                          ("https://acme.com/a logo.png", URL_CHARACTERS_RULE),
                          (longest + "x", "must be at most 2048 characters")):
        assert api.patch(path, {"logoUrl": refused}, status=422).json == \
            invalid(("logoUrl", rule)), refused
        assert api.post("/brands", {"name": "Other", "logoUrl": refused}, status=422).json == \
            invalid(("logoUrl", rule)), refused
    assert [brand["name"] for brand in brands(api)] == ["Acme"]
