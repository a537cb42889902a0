"""tracker: a self-hosted Workspace Prompt-Tracking REST API in one module.

One Bottle application served by cheroot, every workspace's data in a single SQLite
file through apsw, auth and rate limits as Bottle plugins. ``make_app()`` builds the
WSGI application (no threads, no sockets); ``tracker serve`` runs it.

The module is sectioned like bottle.py; each section opens with a banner comment.
"""

import argparse
import base64
import binascii
import contextlib
import dataclasses
import datetime
import hashlib
import json
import logging
import math
import os
import secrets
import signal
import sys
import threading
import time
import traceback

import apsw
import bottle
from bottle import request, response

__version__ = "0.1.0"

log = logging.getLogger("tracker")


###############################################################################
# Configuration and constants ##################################################
###############################################################################

API_PREFIX = "/api/v1"
DEFAULT_DB = "tracker.db"
MAX_BODY_BYTES = 16 * 1024 * 1024
BUSY_TIMEOUT_MS = 5000

DEFAULT_RATE_LIMIT = 60
# Failed authentications allowed per client address per minute, against key guessing.
DEFAULT_AUTH_FAILURE_LIMIT = 30

KEY_PREFIX = "trk_"
KEY_RANDOM_LENGTH = 34
KEY_CHECKSUM_LENGTH = 6
KEY_LENGTH = len(KEY_PREFIX) + KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH
BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

SCOPES = ("read", "write")
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
USABLE_SUBSCRIPTIONS = ("active", "trialing")
SUBSCRIPTION_STATUSES = USABLE_SUBSCRIPTIONS + ("past_due", "canceled", "unpaid", "incomplete")
DEFAULT_PLAN = "self-hosted"

IDEMPOTENCY_KEY_MAX_LENGTH = 255
IDEMPOTENCY_TTL_SECONDS = 24 * 3600


###############################################################################
# Time and keys ################################################################
###############################################################################

def iso_timestamp(seconds):
    """Format Unix seconds as UTC ISO 8601 with milliseconds: 2026-11-21T09:30:00.000Z."""
    moment = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (moment.microsecond // 1000)


def parse_timestamp(text):
    """Parse an ISO 8601 date or date-time (naive means UTC) into Unix seconds."""
    moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.timestamp()


def base62(number, width):
    """Encode a non-negative integer in base62, left-padded to width."""
    digits = []
    while number:
        number, digit = divmod(number, 62)
        digits.append(BASE62[digit])
    return "".join(reversed(digits)).rjust(width, "0")


def key_checksum(random_part):
    return base62(binascii.crc32(random_part.encode()), KEY_CHECKSUM_LENGTH)


def generate_key():
    """A new API key: trk_ + 34 random base62 characters + their base62 CRC32."""
    random_part = "".join(secrets.choice(BASE62) for _ in range(KEY_RANDOM_LENGTH))
    return KEY_PREFIX + random_part + key_checksum(random_part)


def key_is_well_formed(key):
    """True when key has the tracker shape and a matching checksum (no lookup needed)."""
    if len(key) != KEY_LENGTH or not key.startswith(KEY_PREFIX):
        return False
    random_part = key[len(KEY_PREFIX):-KEY_CHECKSUM_LENGTH]
    if any(c not in BASE62 for c in random_part):
        return False
    return key[-KEY_CHECKSUM_LENGTH:] == key_checksum(random_part)


def hash_key(key):
    return hashlib.sha256(key.encode()).digest()


###############################################################################
# Storage ######################################################################
###############################################################################

# Upgrades of older databases: MIGRATIONS[n] takes a file from user_version n to n+1.
# A fresh database gets schema.sql, which is always the newest version.
MIGRATIONS = {}
SCHEMA_VERSION = 1 + len(MIGRATIONS)


def resource_path(name):
    """Find a file shipped beside this module (or inside the frozen executable)."""
    candidates = [
        os.path.join(getattr(sys, "_MEIPASS", os.path.dirname(os.path.abspath(__file__))), name),
        os.path.join(sys.prefix, "share", "tracker", name),
    ]
    for candidate in candidates:
        if os.path.exists(candidate):
            return candidate
    raise FileNotFoundError("%s not found in %s" % (name, ", ".join(candidates)))


def _dict_row(cursor, row):
    return dict(zip([column for column, _ in cursor.getdescription()], row))


def connect(path):
    """Open an apsw connection with the settings every connection needs."""
    flags = apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE | apsw.SQLITE_OPEN_URI
    connection = apsw.Connection(path, flags=flags)
    connection.set_busy_timeout(BUSY_TIMEOUT_MS)
    connection.execute("PRAGMA foreign_keys = ON")
    # FULL: a commit is on disk before the client hears 2xx, even across power loss.
    connection.execute("PRAGMA synchronous = FULL")
    connection.row_trace = _dict_row
    return connection


def schema_version(connection):
    return connection.execute("PRAGMA user_version").fetchall()[0]["user_version"]


def migrate(connection):
    """Create the schema in an empty file, or upgrade an older one, in one transaction."""
    version = schema_version(connection)
    if version > SCHEMA_VERSION:
        raise RuntimeError("database schema version %d is newer than this tracker (%d)"
                           % (version, SCHEMA_VERSION))
    if version == SCHEMA_VERSION:
        return
    with open(resource_path("schema.sql"), encoding="utf-8") as schema:
        schema_sql = schema.read()
    with connection:
        if version == 0:
            connection.execute(schema_sql).fetchall()
        else:
            for step in range(version, SCHEMA_VERSION):
                connection.execute(MIGRATIONS[step]).fetchall()
                connection.execute("PRAGMA user_version = %d" % (step + 1))


class Database:
    """One SQLite file: a connection per thread for reads, one writer at a time.

    Writes run in BEGIN IMMEDIATE transactions serialised by an in-process lock, so
    SQLite's busy timeout only ever waits for another process. ``path`` ":memory:"
    is a throw-away database shared by this object's connections.
    """

    def __init__(self, path, clock=time.time):
        if path == ":memory:":
            path = "file:/tracker-%s?vfs=memdb" % secrets.token_hex(8)
        self.path = path
        self.clock = clock
        self._local = threading.local()
        self._write_lock = threading.Lock()
        first = self.connection()
        if "vfs=memdb" not in path:
            first.execute("PRAGMA journal_mode = WAL")
        migrate(first)

    def now(self):
        """The current time as an ISO 8601 timestamp, from the injected clock."""
        return iso_timestamp(self.clock())

    def connection(self):
        """This thread's connection, opened on first use."""
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = self._local.connection = connect(self.path)
        return connection

    @contextlib.contextmanager
    def read(self):
        """A consistent snapshot for several reads."""
        connection = self.connection()
        with connection:
            yield connection

    @contextlib.contextmanager
    def write(self):
        """A write transaction; nested calls become savepoints of the outer one."""
        connection = self.connection()
        if connection.in_transaction:
            with connection:
                yield connection
            return
        with self._write_lock:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def backup(self, destination):
        """Copy the database to destination online, consistently (SQLite backup API)."""
        target = apsw.Connection(destination)
        try:
            with target.backup("main", self.connection(), "main") as copy:
                while not copy.done:
                    copy.step(1024)
        finally:
            target.close()

    def close(self):
        connection = getattr(self._local, "connection", None)
        if connection is not None:
            connection.close()
            self._local.connection = None


def query_all(connection, sql, params=()):
    return connection.execute(sql, params).fetchall()


def query_one(connection, sql, params=()):
    """The first row of a query, or None; the statement always runs to its end."""
    rows = connection.execute(sql, params).fetchall()
    return rows[0] if rows else None


###############################################################################
# HTTP plumbing: envelope, errors, bodies #######################################
###############################################################################

class ApiError(Exception):
    """An error answered with the JSON envelope: status, message, code, errors, headers."""

    def __init__(self, status, message, code=None, errors=None, headers=None, retry_after=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.errors = errors
        self.headers = headers or {}
        self.retry_after = retry_after

    def body(self):
        envelope = {"success": False, "message": self.message}
        if self.code:
            envelope["code"] = self.code
        if self.errors is not None:
            envelope["errors"] = self.errors
        if self.retry_after is not None:
            envelope["retryAfter"] = self.retry_after
        return encode_json(envelope)


def not_found(kind):
    return ApiError(404, "%s not found" % kind)


def validation_failed(errors):
    return ApiError(422, "Validation failed", errors=errors)


def encode_json(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def success(data=None, message="OK", status=200):
    """Render a success envelope; data is left out when None (deletes)."""
    response.status = status
    response.content_type = "application/json"
    envelope = {"success": True}
    if data is not None:
        envelope["data"] = data
    envelope["message"] = message
    return encode_json(envelope)


def _reject_constant(name):
    raise ValueError("%s is not valid JSON" % name)


def json_body():
    """The request body as a JSON object, or a 422 on field ``body``.

    The envelope plugin has refused a declared Content-Length over the limit; this
    also stops a chunked body that grows past it.
    """
    content_type = request.content_type.split(";")[0].strip().lower()
    if content_type != "application/json":
        raise validation_failed([{"field": "body", "message": "Content-Type must be application/json"}])
    raw = request.body.read(MAX_BODY_BYTES + 1)
    if len(raw) > MAX_BODY_BYTES:
        raise payload_too_large()
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        reason = "is not valid UTF-8" if isinstance(error, UnicodeDecodeError) else "is not valid JSON"
        raise validation_failed([{"field": "body", "message": "Request body %s" % reason}])
    if not isinstance(value, dict):
        raise validation_failed([{"field": "body", "message": "Request body must be a JSON object"}])
    return value


def payload_too_large():
    return ApiError(413, "Request body exceeds %d bytes" % MAX_BODY_BYTES, code="PAYLOAD_TOO_LARGE")


def set_common_headers():
    response.set_header("X-Content-Type-Options", "nosniff")


# Bottle raises HTTPError for what never reaches a route (no route, wrong method, a
# failure outside our plugins); this renders those in the envelope too.
ROUTING_ERRORS = {
    400: ("Bad request", None),
    404: ("Not found", None),
    405: ("Method not allowed", None),
    413: ("Request body exceeds %d bytes" % MAX_BODY_BYTES, "PAYLOAD_TOO_LARGE"),
}


def api_error_from(error):
    """The ApiError that stands for one of Bottle's HTTPErrors."""
    message, code = ROUTING_ERRORS.get(error.status_code, ("Internal server error", None))
    if error.status_code >= 500:
        log.error("unhandled error: %s\n%s", error.exception, error.traceback)
    allow = {"Allow": error.headers["Allow"]} if "Allow" in error.headers else None
    return ApiError(error.status_code, message, code=code, headers=allow)


def render_http_error(error):
    set_common_headers()
    return render_api_error(api_error_from(error))


###############################################################################
# Plugins: envelope, auth, rate limits, scopes, idempotency #####################
###############################################################################

class EnvelopePlugin:
    """Outermost: turns ApiError and any unexpected exception into the JSON envelope.

    It writes onto the current response instead of raising, so headers set by inner
    plugins (rate-limit counters) stay on error responses.
    """
    name = "envelope"
    api = 2

    def apply(self, callback, route):
        def envelope(*args, **kwargs):
            set_common_headers()
            try:
                if request.content_length > MAX_BODY_BYTES:
                    raise payload_too_large()
                return callback(*args, **kwargs)
            except bottle.HTTPError as error:
                return render_api_error(api_error_from(error))
            except bottle.HTTPResponse:
                raise
            except ApiError as error:
                return render_api_error(error)
            except Exception:
                log.error("unhandled error in %s %s\n%s", request.method, request.path,
                          traceback.format_exc())
                return render_api_error(ApiError(500, "Internal server error"))
        return envelope


def render_api_error(error):
    response.status = error.status
    response.content_type = "application/json"
    for name, value in error.headers.items():
        response.set_header(name, str(value))
    return error.body()


@dataclasses.dataclass(frozen=True)
class Auth:
    """Who is calling: the key and its workspace, as the auth plugin found them."""
    key_id: int
    key_name: str
    prefix: str
    last4: str
    scopes: tuple
    rate_limit: int
    workspace_id: int
    workspace_name: str
    organization_id: int
    plan: str
    subscription_status: str


class RateLimiter:
    """Counts hits per key in fixed one-minute windows aligned to the clock minute.

    Exact under concurrency: a hit is counted under a lock, so with a limit of N
    exactly N hits in a window are allowed.
    """

    def __init__(self, clock):
        self.clock = clock
        self._lock = threading.Lock()
        self._window = None
        self._counts = {}

    def _current(self):
        """Start of the current window; forgets counts of earlier windows."""
        window = int(self.clock() // 60) * 60
        if window != self._window:
            self._window = window
            self._counts.clear()
        return window

    def hit(self, key, limit):
        """Count a hit; return (allowed, remaining, reset) with reset in Unix seconds."""
        with self._lock:
            window = self._current()
            used = self._counts.get(key, 0)
            allowed = used < limit
            if allowed:
                used = self._counts[key] = used + 1
            return allowed, limit - used, window + 60

    def exhausted(self, key, limit):
        """True when key has used its limit in this window (nothing is counted)."""
        with self._lock:
            self._current()
            return self._counts.get(key, 0) >= limit

    def seconds_to_reset(self):
        return max(1, math.ceil(int(self.clock() // 60) * 60 + 60 - self.clock()))


def rate_limit_error(message, seconds, headers=None):
    headers = dict(headers or {}, **{"Retry-After": seconds})
    return ApiError(429, message, code="RATE_LIMIT_EXCEEDED", headers=headers, retry_after=seconds)


def lookup_key(connection, key_hash):
    return query_one(connection, """
        SELECT k.id AS key_id, k.name AS key_name, k.prefix, k.last4, k.scopes,
               k.rate_limit_per_minute, k.expires_at, k.revoked_at,
               w.id AS workspace_id, w.name AS workspace_name,
               o.id AS organization_id, o.plan, o.subscription_status, o.api_access
        FROM api_keys k
        JOIN workspaces w ON w.id = k.workspace_id
        JOIN organizations o ON o.id = w.organization_id
        WHERE k.key_hash = ?""", (key_hash,))


class AuthPlugin:
    """Bearer-key authentication, then subscription and plan checks.

    Puts an ``Auth`` on the request, read back with ``caller()``. Failed attempts are counted per client
    address; past the limit the address gets 429 before any key is looked up.
    Routes opt out with ``auth=False``.
    """
    name = "auth"
    api = 2

    def __init__(self, db, failures):
        self.db = db
        self.failures = failures

    def apply(self, callback, route):
        if not route.config.get("auth", True):
            return callback

        def authenticated(*args, **kwargs):
            response.set_header("Cache-Control", "no-store")
            request.environ["tracker.auth"] = self.authenticate()
            return callback(*args, **kwargs)
        return authenticated

    def authenticate(self):
        address = request.environ.get("REMOTE_ADDR", "")
        limit = self.failures.limit
        if self.failures.limiter.exhausted(address, limit):
            raise rate_limit_error("Too many failed authentication attempts",
                                   self.failures.limiter.seconds_to_reset())
        row = self.find_key()
        if row is None:
            self.failures.limiter.hit(address, limit)
            raise ApiError(401, "Invalid or missing API key", code="API_KEY_INVALID")
        if row["subscription_status"] not in USABLE_SUBSCRIPTIONS:
            raise ApiError(402, "An active subscription or trial is required",
                           code="SUBSCRIPTION_REQUIRED")
        if not row["api_access"]:
            raise ApiError(403, "The plan does not include API access", code="API_ACCESS_DISABLED")
        return Auth(
            key_id=row["key_id"], key_name=row["key_name"], prefix=row["prefix"],
            last4=row["last4"], scopes=tuple(row["scopes"].split(",")),
            rate_limit=row["rate_limit_per_minute"], workspace_id=row["workspace_id"],
            workspace_name=row["workspace_name"], organization_id=row["organization_id"],
            plan=row["plan"], subscription_status=row["subscription_status"])

    def find_key(self):
        """The key row for the Authorization header, or None if it is not usable."""
        scheme, _, key = request.get_header("Authorization", "").partition(" ")
        key = key.strip()
        if scheme.lower() != "bearer" or not key_is_well_formed(key):
            return None
        row = lookup_key(self.db.connection(), hash_key(key))
        if row is None or row["revoked_at"] is not None:
            return None
        if row["expires_at"] is not None and row["expires_at"] <= self.db.now():
            return None
        return row


def caller():
    """The Auth of the current request (set by AuthPlugin)."""
    return request.environ["tracker.auth"]


@dataclasses.dataclass
class AuthFailures:
    limiter: RateLimiter
    limit: int


class RateLimitPlugin:
    """Per-key request limit; X-RateLimit-* and IETF RateLimit headers on every answer."""
    name = "ratelimit"
    api = 2

    def __init__(self, limiter):
        self.limiter = limiter

    def apply(self, callback, route):
        if not route.config.get("auth", True):
            return callback

        def limited(*args, **kwargs):
            auth = caller()
            allowed, remaining, reset = self.limiter.hit(auth.key_id, auth.rate_limit)
            seconds = max(1, math.ceil(reset - self.limiter.clock()))
            headers = {
                "X-RateLimit-Limit": auth.rate_limit,
                "X-RateLimit-Remaining": remaining,
                "X-RateLimit-Reset": reset,
                "RateLimit-Policy": '"default";q=%d;w=60' % auth.rate_limit,
                "RateLimit": '"default";r=%d;t=%d' % (remaining, seconds),
            }
            for name, value in headers.items():
                response.set_header(name, str(value))
            if not allowed:
                raise rate_limit_error("Rate limit exceeded: %d requests per minute"
                                       % auth.rate_limit, seconds)
            return callback(*args, **kwargs)
        return limited


class ScopePlugin:
    """POST, PUT, PATCH and DELETE need the key's ``write`` scope."""
    name = "scope"
    api = 2

    def apply(self, callback, route):
        if not route.config.get("auth", True):
            return callback

        def scoped(*args, **kwargs):
            if request.method in WRITE_METHODS and "write" not in caller().scopes:
                raise ApiError(403, "This API key lacks the write scope", code="INSUFFICIENT_SCOPE")
            return callback(*args, **kwargs)
        return scoped


class IdempotencyPlugin:
    """Replays a POST's first 2xx answer when its Idempotency-Key header comes again.

    The handler and the stored answer share one write transaction, so either both the
    effect and the record of it commit, or neither. Keys are per API key and kept 24 h.
    """
    name = "idempotency"
    api = 2

    def __init__(self, db):
        self.db = db
        self._in_flight = set()
        self._lock = threading.Lock()

    def apply(self, callback, route):
        if route.method != "POST" or not route.config.get("auth", True):
            return callback

        def idempotent(*args, **kwargs):
            key = request.get_header("Idempotency-Key")
            if key is None:
                return callback(*args, **kwargs)
            if not 1 <= len(key) <= IDEMPOTENCY_KEY_MAX_LENGTH:
                raise validation_failed([{"field": "Idempotency-Key", "message":
                    "must be 1 to %d characters" % IDEMPOTENCY_KEY_MAX_LENGTH}])
            slot = (caller().key_id, key)
            with self._lock:
                if slot in self._in_flight:
                    raise ApiError(409, "A request with this Idempotency-Key is in progress",
                                   code="IDEMPOTENCY_IN_PROGRESS")
                self._in_flight.add(slot)
            try:
                return self.run_once(slot, callback, args, kwargs)
            finally:
                with self._lock:
                    self._in_flight.discard(slot)
        return idempotent

    def run_once(self, slot, callback, args, kwargs):
        fingerprint = hashlib.sha256(b"%s %s\n" % (request.method.encode(), request.path.encode())
                                     + request.body.read(MAX_BODY_BYTES + 1)).digest()
        request.body.seek(0)
        with self.db.write() as connection:
            stored = find_idempotent_response(connection, slot, self.db.clock())
            if stored is not None:
                if stored["request_hash"] != fingerprint:
                    raise validation_failed([{"field": "Idempotency-Key", "message":
                        "was already used with a different request"}])
                response.status = stored["status"]
                response.content_type = "application/json"
                response.set_header("Idempotent-Replayed", "true")
                return stored["body"]
            body = callback(*args, **kwargs)
            if 200 <= response.status_code < 300:
                store_idempotent_response(connection, slot, fingerprint, response.status_code,
                                          body, self.db.now(), self.db.clock())
            return body


def find_idempotent_response(connection, slot, now):
    return query_one(connection, """
        SELECT request_hash, status, body FROM idempotency_keys
        WHERE api_key_id = ? AND key = ? AND created_at > ?""",
        (slot[0], slot[1], iso_timestamp(now - IDEMPOTENCY_TTL_SECONDS)))


def store_idempotent_response(connection, slot, fingerprint, status, body, created_at, now):
    connection.execute("DELETE FROM idempotency_keys WHERE created_at <= ?",
                       (iso_timestamp(now - IDEMPOTENCY_TTL_SECONDS),))
    connection.execute("""
        INSERT INTO idempotency_keys (api_key_id, key, request_hash, status, body, created_at)
        VALUES (?, ?, ?, ?, ?, ?)""", (slot[0], slot[1], fingerprint, status, body, created_at))


###############################################################################
# Validation ###################################################################
###############################################################################

def query_int(name, default, minimum, maximum, errors):
    """An integer query parameter within [minimum, maximum]; problems go to errors."""
    raw = request.query.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        errors.append({"field": name, "message": "must be an integer"})
        return default
    if value < minimum or (maximum is not None and value > maximum):
        bound = "at least %d" % minimum if maximum is None else "%d to %d" % (minimum, maximum)
        errors.append({"field": name, "message": "must be " + bound})
        return default
    return value


###############################################################################
# Workspace ####################################################################
###############################################################################

def workspace_context(auth):
    """The GET /workspace document for the calling key."""
    return {
        "workspace": {"id": auth.workspace_id, "name": auth.workspace_name},
        "organization": {"id": auth.organization_id, "plan": auth.plan,
                         "subscriptionStatus": auth.subscription_status},
        "apiKey": {"id": auth.key_id, "name": auth.key_name, "prefix": auth.prefix,
                   "last4": auth.last4, "scopes": list(auth.scopes)},
        "rateLimitPerMinute": auth.rate_limit,
    }


###############################################################################
# Provisioning: organizations, workspaces, keys (CLI and tests) #################
###############################################################################

class ProvisioningError(ValueError):
    """A CLI argument or provisioning request that cannot be carried out."""


def check_subscription(status):
    if status not in SUBSCRIPTION_STATUSES:
        raise ProvisioningError("subscription must be one of: " + ", ".join(SUBSCRIPTION_STATUSES))


def create_workspace(db, name, plan=DEFAULT_PLAN, subscription="active", api_access=True):
    """Create a workspace with an organization of its own; return its description."""
    check_subscription(subscription)
    if not name.strip():
        raise ProvisioningError("workspace name must not be empty")
    now = db.now()
    with db.write() as connection:
        organization_id = connection.execute("""
            INSERT INTO organizations (name, plan, subscription_status, api_access,
                                       created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?) RETURNING id""",
            (name.strip(), plan, subscription, int(api_access), now, now)).fetchall()[0]["id"]
        workspace_id = connection.execute("""
            INSERT INTO workspaces (organization_id, name, created_at, updated_at)
            VALUES (?, ?, ?, ?) RETURNING id""",
            (organization_id, name.strip(), now, now)).fetchall()[0]["id"]
    return get_workspace(db, workspace_id)


def list_workspaces(db):
    return [workspace_row(row) for row in query_all(db.connection(), WORKSPACE_SELECT + " ORDER BY w.id")]


def get_workspace(db, workspace_id):
    row = query_one(db.connection(), WORKSPACE_SELECT + " WHERE w.id = ?", (workspace_id,))
    if row is None:
        raise ProvisioningError("workspace %s not found" % workspace_id)
    return workspace_row(row)


WORKSPACE_SELECT = """
    SELECT w.id, w.name, w.created_at, o.id AS organization_id, o.plan,
           o.subscription_status, o.api_access
    FROM workspaces w JOIN organizations o ON o.id = w.organization_id"""


def workspace_row(row):
    return {"id": row["id"], "name": row["name"], "organizationId": row["organization_id"],
            "plan": row["plan"], "subscriptionStatus": row["subscription_status"],
            "apiAccess": bool(row["api_access"]), "createdAt": row["created_at"]}


def update_organization(db, organization_id, plan=None, subscription=None, api_access=None):
    """Change an organization's plan, subscription status or API access."""
    if subscription is not None:
        check_subscription(subscription)
    with db.write() as connection:
        row = query_one(connection, """
            UPDATE organizations SET plan = coalesce(?, plan),
                subscription_status = coalesce(?, subscription_status),
                api_access = coalesce(?, api_access), updated_at = ?
            WHERE id = ? RETURNING id, name, plan, subscription_status, api_access""",
            (plan, subscription, None if api_access is None else int(api_access),
             db.now(), organization_id))
    if row is None:
        raise ProvisioningError("organization %s not found" % organization_id)
    return {"id": row["id"], "name": row["name"], "plan": row["plan"],
            "subscriptionStatus": row["subscription_status"], "apiAccess": bool(row["api_access"])}


def normalise_scopes(scopes):
    """'read' or 'read,write' (or 'write', which implies read) as a stored string."""
    names = {scope.strip() for scope in scopes.split(",") if scope.strip()}
    if not names or not names <= set(SCOPES):
        raise ProvisioningError("scopes must be read or read,write")
    if "write" in names:
        names.add("read")
    return ",".join(scope for scope in SCOPES if scope in names)


def create_key(db, workspace_id, name="default", scopes="read,write",
               rate_limit=DEFAULT_RATE_LIMIT, expires=None, key=None):
    """Create an API key; the returned description is the only place the key appears."""
    scopes = normalise_scopes(scopes)
    if rate_limit < 1:
        raise ProvisioningError("rate limit must be at least 1 request per minute")
    if key is None:
        key = generate_key()
    elif not key_is_well_formed(key):
        raise ProvisioningError("key is not a well-formed tracker key (trk_ + 40 characters)")
    expires_at = None
    if expires is not None:
        try:
            expires_at = iso_timestamp(parse_timestamp(expires))
        except ValueError:
            raise ProvisioningError("expires must be an ISO 8601 date or date-time") from None
    get_workspace(db, workspace_id)
    with db.write() as connection:
        key_id = connection.execute("""
            INSERT INTO api_keys (workspace_id, name, key_hash, prefix, last4, scopes,
                                  rate_limit_per_minute, expires_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id""",
            (workspace_id, name, hash_key(key), key[:8], key[-4:], scopes, rate_limit,
             expires_at, db.now())).fetchall()[0]["id"]
    return dict(get_key(db, key_id), key=key)


KEY_SELECT = """
    SELECT id, workspace_id, name, prefix, last4, scopes, rate_limit_per_minute,
           expires_at, revoked_at, created_at
    FROM api_keys"""


def key_row(row):
    return {"id": row["id"], "workspaceId": row["workspace_id"], "name": row["name"],
            "prefix": row["prefix"], "last4": row["last4"], "scopes": row["scopes"].split(","),
            "rateLimitPerMinute": row["rate_limit_per_minute"], "expiresAt": row["expires_at"],
            "revokedAt": row["revoked_at"], "createdAt": row["created_at"]}


def get_key(db, key_id):
    row = query_one(db.connection(), KEY_SELECT + " WHERE id = ?", (key_id,))
    if row is None:
        raise ProvisioningError("key %s not found" % key_id)
    return key_row(row)


def list_keys(db, workspace_id):
    get_workspace(db, workspace_id)
    rows = query_all(db.connection(), KEY_SELECT + " WHERE workspace_id = ? ORDER BY id",
                     (workspace_id,))
    return [key_row(row) for row in rows]


def revoke_key(db, key_id):
    with db.write() as connection:
        connection.execute("UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?",
                           (db.now(), key_id))
    return get_key(db, key_id)


def bootstrap(db):
    """On an empty database, create a Default workspace and a read-write key.

    Returns the key description (with the key) when it created one, else None.
    """
    if query_one(db.connection(), "SELECT 1 FROM workspaces LIMIT 1") is not None:
        return None
    workspace = create_workspace(db, "Default")
    return create_key(db, workspace["id"], name="default")


###############################################################################
# Application ##################################################################
###############################################################################

def make_app(db_path, *, clock=None, auth_failure_limit=DEFAULT_AUTH_FAILURE_LIMIT):
    """Build the complete WSGI application; starts no thread and opens no socket."""
    if isinstance(db_path, Database):
        db = db_path
    else:
        db = Database(db_path, clock or time.time)
    clock = db.clock
    app = bottle.Bottle()
    app.config["tracker.db"] = db
    app.default_error_handler = render_http_error
    app.install(EnvelopePlugin())
    app.install(AuthPlugin(db, AuthFailures(RateLimiter(clock), auth_failure_limit)))
    app.install(RateLimitPlugin(RateLimiter(clock)))
    app.install(ScopePlugin())
    app.install(IdempotencyPlugin(db))
    add_routes(app, db)
    add_operations_routes(app, db)
    return app


def add_routes(app, db):
    """Attach every API route to app."""

    @app.get(API_PREFIX + "/workspace")
    def get_workspace_context():
        return success(workspace_context(caller()), "Workspace retrieved")


###############################################################################
# Operations ###################################################################
###############################################################################

# For load balancers, orchestrators and monitors: no key, no rate limit, outside
# /api/v1 so that it never changes with the API's version.

def add_operations_routes(app, db):
    """Attach GET /healthz: 200 when the database answers, 503 when it does not."""

    @app.get("/healthz", auth=False)
    def healthz():
        response.set_header("Cache-Control", "no-store")
        try:
            version = schema_version(db.connection())
        except apsw.Error as error:
            log.error("health check: database unavailable: %s", error)
            raise ApiError(503, "Database unavailable", code="DATABASE_UNAVAILABLE") from None
        return success({"status": "ok", "database": "ok", "schemaVersion": version,
                        "worker": worker_state(app)}, "Healthy")


def worker_state(app):
    """The background worker's own account of itself (``state()``), if serve started one."""
    worker = app.config.get("tracker.worker")
    return "not running" if worker is None else worker.state()


###############################################################################
# Server #######################################################################
###############################################################################

def access_log(app):
    """WSGI middleware: one line per request with method, path, status and time."""
    def logged(environ, start_response):
        started = time.perf_counter()
        status = []

        def recording_start_response(line, headers, exc_info=None):
            status.append(line.split(" ", 1)[0])
            return start_response(line, headers, exc_info)
        try:
            return app(environ, recording_start_response)
        finally:
            log.info("%s %s %s %.1fms", environ.get("REQUEST_METHOD"), environ.get("PATH_INFO"),
                     status[0] if status else "-", (time.perf_counter() - started) * 1000)
    return logged


def serve(db, host, port, threads, ready=None):
    """Serve the app with cheroot until SIGINT or SIGTERM; ready(url) once listening."""
    from cheroot import wsgi

    app = make_app(db)
    server = wsgi.Server((host, port), access_log(app), numthreads=threads,
                         server_name="tracker")
    server.prepare()
    bound_host, bound_port = server.bind_addr[:2]
    url = "http://%s:%d" % (bound_host if ":" not in bound_host else "[%s]" % bound_host, bound_port)
    log.info("tracker %s listening on %s (database %s)", __version__, url, db.path)
    if ready:
        ready(url)
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _stop_once)
    try:
        server.serve()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.stop()
        db.close()
    log.info("stopped")


def _stop_once(signum, frame):
    """Stop serving on the first SIGINT or SIGTERM; ignore the ones that follow.

    The same stop can arrive twice: a terminal's Ctrl-C reaches both processes of the
    one-file build, whose bootloader forwards it to the app again. A second
    KeyboardInterrupt would break off the clean shutdown the first one started.
    """
    for other in (signal.SIGINT, signal.SIGTERM):
        signal.signal(other, signal.SIG_IGN)
    raise KeyboardInterrupt


###############################################################################
# Command line #################################################################
###############################################################################

def print_json(value):
    print(json.dumps(value, indent=2, ensure_ascii=False))


def open_db(args):
    return Database(args.db)


def cmd_serve(args):
    db = open_db(args)
    created = bootstrap(db)

    def announce(url):
        if created:
            sys.stderr.write(
                "\nCreated workspace 'Default' and an API key (shown only this once):\n\n"
                "    %s\n\nTry it:\n\n    curl -H 'Authorization: Bearer %s' %s%s/workspace\n\n"
                % (created["key"], created["key"], url, API_PREFIX))
            sys.stderr.flush()
    serve(db, args.host, args.port, args.threads, ready=announce)


def cmd_workspace_create(args):
    print_json(create_workspace(open_db(args), args.name, plan=args.plan,
                                subscription=args.subscription, api_access=args.api_access == "on"))


def cmd_workspace_list(args):
    print_json(list_workspaces(open_db(args)))


def cmd_org_update(args):
    api_access = None if args.api_access is None else args.api_access == "on"
    print_json(update_organization(open_db(args), args.org_id, plan=args.plan,
                                   subscription=args.subscription, api_access=api_access))


def cmd_key_create(args):
    print_json(create_key(open_db(args), args.workspace_id, name=args.name, scopes=args.scopes,
                          rate_limit=args.rate_limit, expires=args.expires))


def cmd_key_list(args):
    print_json(list_keys(open_db(args), args.workspace_id))


def cmd_key_revoke(args):
    print_json(revoke_key(open_db(args), args.key_id))


def cmd_backup(args):
    if os.path.exists(args.dest):
        raise ProvisioningError("%s already exists; not overwriting it" % args.dest)
    db = open_db(args)
    db.backup(args.dest)
    print_json({"source": db.path, "backup": args.dest, "bytes": os.path.getsize(args.dest)})


def cmd_version(args):
    print_json({"tracker": __version__, "sqlite": apsw.sqlite_lib_version(),
                "apsw": apsw.apsw_version(), "python": sys.version.split()[0]})


def build_parser():
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", default=os.environ.get("TRACKER_DB", DEFAULT_DB),
                        help="SQLite database file (env TRACKER_DB; default ./%s)" % DEFAULT_DB)
    parser = argparse.ArgumentParser(prog="tracker", description="Workspace Prompt-Tracking API server.")
    parser.add_argument("--version", action="version",
                        version="tracker %s (SQLite %s)" % (__version__, apsw.sqlite_lib_version()))
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(subparsers, name, handler, help_text):
        sub = subparsers.add_parser(name, parents=[common], help=help_text, description=help_text)
        sub.set_defaults(handler=handler)
        return sub

    serve_cmd = command(commands, "serve", cmd_serve, "Run the HTTP API server.")
    serve_cmd.add_argument("--host", default="127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8080, help="0 picks a free port")
    serve_cmd.add_argument("--threads", type=int, default=10, help="HTTP worker threads")

    workspace = commands.add_parser("workspace", help="Create and list workspaces.")
    workspace_commands = workspace.add_subparsers(dest="subcommand", required=True, metavar="COMMAND")
    create = command(workspace_commands, "create", cmd_workspace_create, "Create a workspace.")
    create.add_argument("name")
    create.add_argument("--plan", default=DEFAULT_PLAN)
    create.add_argument("--subscription", default="active", choices=SUBSCRIPTION_STATUSES)
    create.add_argument("--api-access", default="on", choices=("on", "off"))
    command(workspace_commands, "list", cmd_workspace_list, "List workspaces.")

    org = commands.add_parser("org", help="Change an organization.")
    org_commands = org.add_subparsers(dest="subcommand", required=True, metavar="COMMAND")
    update = command(org_commands, "update", cmd_org_update,
                     "Change an organization's plan, subscription or API access.")
    update.add_argument("org_id", type=int)
    update.add_argument("--plan")
    update.add_argument("--subscription", choices=SUBSCRIPTION_STATUSES)
    update.add_argument("--api-access", choices=("on", "off"))

    key = commands.add_parser("key", help="Create, list and revoke API keys.")
    key_commands = key.add_subparsers(dest="subcommand", required=True, metavar="COMMAND")
    create_key_cmd = command(key_commands, "create", cmd_key_create,
                             "Create an API key (printed only this once).")
    create_key_cmd.add_argument("workspace_id", type=int)
    create_key_cmd.add_argument("--name", default="default")
    create_key_cmd.add_argument("--scopes", default="read,write", help="read or read,write")
    create_key_cmd.add_argument("--rate-limit", type=int, default=DEFAULT_RATE_LIMIT,
                                help="requests per minute")
    create_key_cmd.add_argument("--expires", help="ISO 8601 date or date-time (UTC)")
    list_cmd = command(key_commands, "list", cmd_key_list, "List a workspace's keys (never the keys).")
    list_cmd.add_argument("workspace_id", type=int)
    revoke = command(key_commands, "revoke", cmd_key_revoke, "Revoke an API key at once.")
    revoke.add_argument("key_id", type=int)

    backup = command(commands, "backup", cmd_backup, "Copy the database online, consistently.")
    backup.add_argument("dest")
    command(commands, "version", cmd_version, "Print the tracker and SQLite versions.")
    return parser


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s",
                        stream=sys.stderr)
    args = build_parser().parse_args(argv)
    try:
        args.handler(args)
    except (ProvisioningError, apsw.Error, OSError, RuntimeError) as error:
        sys.stderr.write("tracker: error: %s\n" % error)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
