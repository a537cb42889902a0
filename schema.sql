-- tracker: the SQLite schema of a fresh database, at the version set at the end.
--
-- 1.0.0's schema is the baseline, user_version 12 (1.0.1's is 13, the next release's 14). Older databases are brought
-- up to this version by the migrations in tracker.py (section "Storage"), from the last
-- pre-release's 11 on; PRAGMA user_version records which version a file is at.
--
-- Conventions: every table is STRICT; ids shown by the API are AUTOINCREMENT, so an id
-- is never reused after a delete and a stale id can never name another item; timestamps
-- are UTC ISO 8601 text with milliseconds and a trailing Z, so they sort as text; every
-- row owned by a workspace carries workspace_id, and every query filters on it. Columns
-- named *_key hold the case-folded form of a name (computed in Python with str.casefold,
-- which SQLite's NOCASE cannot do beyond ASCII) so that uniqueness is case-insensitive
-- for all scripts.

-- Accounts -----------------------------------------------------------------------

CREATE TABLE organizations (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    name                TEXT NOT NULL,
    plan                TEXT NOT NULL DEFAULT 'self-hosted',
    subscription_status TEXT NOT NULL DEFAULT 'active',
    api_access          INTEGER NOT NULL DEFAULT 1 CHECK (api_access IN (0, 1)),
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL
) STRICT;

CREATE TABLE workspaces (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id INTEGER NOT NULL REFERENCES organizations (id),
    name            TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    -- how many times each run asks each engine (PATCH /workspace samplesPerRun)
    samples_per_run INTEGER NOT NULL DEFAULT 1 CHECK (samples_per_run BETWEEN 1 AND 10),
    -- the signals' false discovery rate and window (PATCH /workspace signalsFdr and
    -- signalsWindowDays; tracker.py, "Signals")
    signals_fdr     REAL NOT NULL DEFAULT 0.1 CHECK (signals_fdr BETWEEN 0.001 AND 0.5),
    signals_window_days INTEGER NOT NULL DEFAULT 7 CHECK (signals_window_days BETWEEN 1 AND 30)
) STRICT;

CREATE INDEX workspaces_organization ON workspaces (organization_id);

-- Only the SHA-256 of a key is kept; prefix and last4 let people tell keys apart.
CREATE TABLE api_keys (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id          INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name                  TEXT NOT NULL,
    key_hash              BLOB NOT NULL UNIQUE,
    prefix                TEXT NOT NULL,
    last4                 TEXT NOT NULL,
    scopes                TEXT NOT NULL,
    rate_limit_per_minute INTEGER NOT NULL CHECK (rate_limit_per_minute > 0),
    expires_at            TEXT,
    revoked_at            TEXT,
    created_at            TEXT NOT NULL
) STRICT;

CREATE INDEX api_keys_workspace ON api_keys (workspace_id);

-- A counter bumped by any change to a key, workspace or organization row: the server keeps
-- key lookups in memory and drops them as soon as it reads a new value, so a revoke (even
-- by the CLI, in another process) counts from the next request.
CREATE TABLE auth_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
) STRICT;

INSERT INTO auth_version (id, version) VALUES (1, 0);

CREATE TRIGGER api_keys_auth_update AFTER UPDATE ON api_keys BEGIN
    UPDATE auth_version SET version = version + 1;
END;

CREATE TRIGGER api_keys_auth_delete AFTER DELETE ON api_keys BEGIN
    UPDATE auth_version SET version = version + 1;
END;

CREATE TRIGGER workspaces_auth_update AFTER UPDATE ON workspaces BEGIN
    UPDATE auth_version SET version = version + 1;
END;

CREATE TRIGGER workspaces_auth_delete AFTER DELETE ON workspaces BEGIN
    UPDATE auth_version SET version = version + 1;
END;

CREATE TRIGGER organizations_auth_update AFTER UPDATE ON organizations BEGIN
    UPDATE auth_version SET version = version + 1;
END;

CREATE TRIGGER organizations_auth_delete AFTER DELETE ON organizations BEGIN
    UPDATE auth_version SET version = version + 1;
END;

-- A POST's response, replayed when the same Idempotency-Key is sent again (24 hours).
-- While the first request runs, status and body are NULL and holder names the process
-- running it (pid:start time), so that a repeat from any process is a 409 while it lives
-- and is told the first was interrupted once it is gone.
CREATE TABLE idempotency_keys (
    api_key_id   INTEGER NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    key          TEXT NOT NULL,
    request_hash BLOB NOT NULL,
    status       INTEGER,
    body         BLOB,
    holder       TEXT,
    created_at   TEXT NOT NULL,
    PRIMARY KEY (api_key_id, key),
    CHECK ((status IS NULL) = (body IS NULL) AND (status IS NULL) = (holder IS NOT NULL))
) STRICT, WITHOUT ROWID;

CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Resources ----------------------------------------------------------------------

CREATE TABLE topics (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    embedded     TEXT  -- the topic as a prompt embeds it (JSON), kept by the triggers below
) STRICT;

CREATE UNIQUE INDEX topics_name ON topics (workspace_id, name_key);

-- A page of prompts copies each one's topic and tags from ``embedded`` instead of building
-- them with json_object for every prompt (a third of the page's SQL time, measured); as
-- JSON text (JSONB before schema 14), which the page concatenates as it is.
CREATE TRIGGER topics_embedded_update AFTER UPDATE OF workspace_id, name, created_at, updated_at
ON topics BEGIN
    UPDATE topics SET embedded = json_object(
        'id', NEW.id, 'name', NEW.name, 'workspaceId', NEW.workspace_id,
        'createdAt', NEW.created_at, 'updatedAt', NEW.updated_at)
    WHERE id = NEW.id;
END;

-- An insert is an update of the new row's updated_at, so the trigger above fills it.
CREATE TRIGGER topics_embedded_insert AFTER INSERT ON topics BEGIN
    UPDATE topics SET updated_at = NEW.updated_at WHERE id = NEW.id;
END;

CREATE TABLE tags (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    color        TEXT NOT NULL DEFAULT 'gray',
    prompt_count INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    embedded     TEXT  -- the tag as a prompt embeds it (JSON, no promptCount), kept below
) STRICT;

CREATE UNIQUE INDEX tags_name ON tags (workspace_id, name_key);

-- hexColor: the same table as TAG_COLORS in tracker.py (a test compares them).
CREATE TRIGGER tags_embedded_update AFTER UPDATE OF workspace_id, name, color, created_at,
updated_at ON tags BEGIN
    UPDATE tags SET embedded = json_object(
        'id', NEW.id, 'name', NEW.name, 'color', NEW.color, 'hexColor', CASE NEW.color
            WHEN 'red' THEN '#ef4444' WHEN 'orange' THEN '#f97316' WHEN 'amber' THEN '#f59e0b'
            WHEN 'yellow' THEN '#eab308' WHEN 'lime' THEN '#84cc16' WHEN 'green' THEN '#22c55e'
            WHEN 'emerald' THEN '#10b981' WHEN 'teal' THEN '#14b8a6' WHEN 'cyan' THEN '#06b6d4'
            WHEN 'sky' THEN '#0ea5e9' WHEN 'blue' THEN '#3b82f6' WHEN 'indigo' THEN '#6366f1'
            WHEN 'violet' THEN '#8b5cf6' WHEN 'purple' THEN '#a855f7' WHEN 'fuchsia' THEN '#d946ef'
            WHEN 'pink' THEN '#ec4899' WHEN 'rose' THEN '#f43f5e' WHEN 'slate' THEN '#64748b'
            WHEN 'gray' THEN '#6b7280' WHEN 'zinc' THEN '#71717a' END,
        'workspaceId', NEW.workspace_id, 'createdAt', NEW.created_at, 'updatedAt', NEW.updated_at)
    WHERE id = NEW.id;
END;

-- An insert is an update of the new row's updated_at, so the trigger above fills it.
CREATE TRIGGER tags_embedded_insert AFTER INSERT ON tags BEGIN
    UPDATE tags SET updated_at = NEW.updated_at WHERE id = NEW.id;
END;

-- dedupe_key: case-folded trimmed text and location, for the bulk-create duplicate rule.
CREATE TABLE prompts (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id      INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    text              TEXT NOT NULL,
    status            TEXT NOT NULL
                      CHECK (status IN ('draft', 'active', 'paused', 'suggested', 'rejected')),
    location          TEXT,
    topic_id          INTEGER REFERENCES topics (id) ON DELETE SET NULL,
    -- 1 when the text names an active tracked brand (a name or tracked name, as a whole
    -- word): worked out when the text changes, and again by the brand refresh (brand_refresh)
    branded           INTEGER NOT NULL DEFAULT 0,
    dedupe_key        TEXT NOT NULL,
    last_scheduled_at TEXT,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL,
    -- the prompt's own samples per run; NULL: the workspace's
    samples_per_run   INTEGER CHECK (samples_per_run BETWEEN 1 AND 10),
    -- what its demand is asked by (prompt_demand.keyword); NULL: its text
    keyword           TEXT
) STRICT;

-- Lists run newest first within a workspace: each index ends in id for that order.
CREATE INDEX prompts_workspace ON prompts (workspace_id);
CREATE INDEX prompts_workspace_status ON prompts (workspace_id, status);
CREATE INDEX prompts_workspace_topic ON prompts (workspace_id, topic_id);
CREATE INDEX prompts_dedupe ON prompts (workspace_id, dedupe_key);
CREATE INDEX prompts_topic ON prompts (topic_id);
CREATE INDEX prompts_workspace_branded ON prompts (workspace_id, branded);
-- The filter form's locations, each sought in it (filter_choices): reading every prompt's row
-- for them took 0.31 ms of CPU at 2,000 prompts (issue 43).
CREATE INDEX prompts_workspace_location ON prompts (workspace_id, location);

-- Prompts per workspace and status, kept by triggers, so the total of a prompt list is a
-- sum of at most five rows instead of a count over every prompt of the workspace.
CREATE TABLE prompt_counts (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    status       TEXT NOT NULL,
    prompts      INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, status)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER prompts_count_insert AFTER INSERT ON prompts BEGIN
    INSERT INTO prompt_counts (workspace_id, status, prompts) VALUES (new.workspace_id, new.status, 1)
    ON CONFLICT (workspace_id, status) DO UPDATE SET prompts = prompts + 1;
END;

CREATE TRIGGER prompts_count_delete AFTER DELETE ON prompts BEGIN
    UPDATE prompt_counts SET prompts = prompts - 1
    WHERE workspace_id = old.workspace_id AND status = old.status;
END;

CREATE TRIGGER prompts_count_update AFTER UPDATE OF workspace_id, status ON prompts
WHEN new.workspace_id IS NOT old.workspace_id OR new.status IS NOT old.status BEGIN
    UPDATE prompt_counts SET prompts = prompts - 1
    WHERE workspace_id = old.workspace_id AND status = old.status;
    INSERT INTO prompt_counts (workspace_id, status, prompts) VALUES (new.workspace_id, new.status, 1)
    ON CONFLICT (workspace_id, status) DO UPDATE SET prompts = prompts + 1;
END;

CREATE TABLE prompt_tags (
    prompt_id INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    tag_id    INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (prompt_id, tag_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX prompt_tags_tag ON prompt_tags (tag_id, prompt_id);

-- tags.prompt_count is kept by these triggers, so listing tags never counts rows.
CREATE TRIGGER prompt_tags_count_insert AFTER INSERT ON prompt_tags BEGIN
    UPDATE tags SET prompt_count = prompt_count + 1 WHERE id = new.tag_id;
END;

CREATE TRIGGER prompt_tags_count_delete AFTER DELETE ON prompt_tags BEGIN
    UPDATE tags SET prompt_count = prompt_count - 1 WHERE id = old.tag_id;
END;

-- Substring search over prompt text: a trigram index kept in step by triggers.
CREATE VIRTUAL TABLE prompts_fts USING fts5 (
    text, content = 'prompts', content_rowid = 'id', tokenize = 'trigram'
);
-- The worker's 'merge' commands merge levels of 2 b-trees or more (SearchIndexMerge).
INSERT INTO prompts_fts (prompts_fts, rank) VALUES ('usermerge', 2);

CREATE TRIGGER prompts_fts_insert AFTER INSERT ON prompts BEGIN
    INSERT INTO prompts_fts (rowid, text) VALUES (new.id, new.text);
END;

-- A prompt whose text changed in the write transaction under way, with the text the index
-- still holds for it: the index takes them all at once before the commit (tracker's
-- index_changed_texts), where FTS5 wrote a new b-tree for each write block of a group
-- commit (at each savepoint). Empty between transactions.
CREATE TABLE prompts_fts_pending (
    prompt_id INTEGER PRIMARY KEY,
    text TEXT NOT NULL
);

CREATE TRIGGER prompts_fts_delete AFTER DELETE ON prompts BEGIN
    INSERT INTO prompts_fts (prompts_fts, rowid, text) VALUES ('delete', old.id, coalesce(
        (SELECT text FROM prompts_fts_pending WHERE prompt_id = old.id), old.text));
    DELETE FROM prompts_fts_pending WHERE prompt_id = old.id;
END;

CREATE TRIGGER prompts_fts_update AFTER UPDATE OF text ON prompts BEGIN
    INSERT OR IGNORE INTO prompts_fts_pending (prompt_id, text) VALUES (old.id, old.text);
END;

-- tracked_names and domains are JSON arrays of strings.
CREATE TABLE brands (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id            INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name                    TEXT NOT NULL,
    name_key                TEXT NOT NULL,
    tracked_names           TEXT NOT NULL DEFAULT '[]',
    name_regex              TEXT,
    use_regex               INTEGER NOT NULL DEFAULT 0 CHECK (use_regex IN (0, 1)),
    domains                 TEXT NOT NULL DEFAULT '[]',
    logo_url                TEXT,
    industry                TEXT,
    description             TEXT,
    status                  TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'hidden')),
    type                    TEXT NOT NULL DEFAULT 'competitor' CHECK (type IN ('own', 'competitor')),
    color                   TEXT NOT NULL DEFAULT '#6b7280',
    relevancy_score         REAL,
    relevancy_calculated_at TEXT,
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL
) STRICT;

CREATE UNIQUE INDEX brands_name ON brands (workspace_id, name_key);

-- Markets and personas (issue 40): where and as whom a prompt is asked. A market is an
-- assigned ISO 3166-1 alpha-2 country, a BCP 47 language and maybe a city; a persona a
-- description the engines are told. A prompt with markets or personas is asked once per
-- cell (market x persona) of its lists (prompt_markets, prompt_personas).
CREATE TABLE markets (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    country      TEXT NOT NULL,
    language     TEXT NOT NULL,
    city         TEXT,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
) STRICT;

CREATE UNIQUE INDEX markets_name ON markets (workspace_id, name_key);

CREATE TABLE personas (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    description  TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
) STRICT;

CREATE UNIQUE INDEX personas_name ON personas (workspace_id, name_key);

-- A market or persona in use by a prompt cannot be deleted (409): no ON DELETE action.
CREATE TABLE prompt_markets (
    prompt_id INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    market_id INTEGER NOT NULL REFERENCES markets (id),
    PRIMARY KEY (prompt_id, market_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX prompt_markets_market ON prompt_markets (market_id, prompt_id);

CREATE TABLE prompt_personas (
    prompt_id  INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    persona_id INTEGER NOT NULL REFERENCES personas (id),
    PRIMARY KEY (prompt_id, persona_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX prompt_personas_persona ON prompt_personas (persona_id, prompt_id);

-- Runs ---------------------------------------------------------------------------

-- The run queue: one row per (prompt, scheduled time). A worker claims a queued row by
-- setting a lease; a lease that runs out (the worker died) makes the row claimable again.
CREATE TABLE runs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    state        TEXT NOT NULL DEFAULT 'queued'
                 CHECK (state IN ('queued', 'running', 'done', 'failed', 'canceled')),
    scheduled_at TEXT NOT NULL,
    not_before   TEXT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    leased_until TEXT,
    lease_token  TEXT,
    last_error   TEXT,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    UNIQUE (prompt_id, scheduled_at)
) STRICT;

CREATE INDEX runs_claimable ON runs (state, not_before) WHERE state IN ('queued', 'running');
CREATE INDEX runs_workspace ON runs (workspace_id, prompt_id);
CREATE INDEX runs_prompt_state ON runs (prompt_id, state);
CREATE INDEX prompts_schedule ON prompts (status, last_scheduled_at);

-- One engine's answer in one run: sample n of the run's samples per run (1 to 10) of one
-- cell (market_id, persona_id: NULL when asked without one; no foreign key, so that a
-- market's chats keep its id, as the rollups keep a deleted prompt's). The unique index
-- chats_run_cell: a re-run never adds a second.
CREATE TABLE chats (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    run_id       INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    prompt_text  TEXT NOT NULL,
    engine       TEXT NOT NULL,
    model        TEXT NOT NULL,
    location     TEXT,
    answer       TEXT NOT NULL,
    citations    TEXT NOT NULL DEFAULT '[]',
    usage        TEXT NOT NULL DEFAULT '{}',
    latency_ms   INTEGER NOT NULL,
    created_at   TEXT NOT NULL,
    notes        TEXT NOT NULL DEFAULT '[]',  -- what was cut from the answer (JSON array)
    search_queries TEXT NOT NULL DEFAULT '[]',  -- the searches the engine ran (JSON array)
    retrieval    TEXT NOT NULL DEFAULT 'unknown'
                 CHECK (retrieval IN ('searched', 'not_searched', 'unknown')),
    cost         REAL,  -- USD, NULL when unknown
    -- whether the answer names an active own / competitor brand (the gap rollups' input)
    own_named    INTEGER NOT NULL DEFAULT 0,
    competitor_named INTEGER NOT NULL DEFAULT 0,
    -- who rated the mentions' sentiment: VADER, or the judge engine (--judge) named here;
    -- judge_cost adds up what judging the chat cost (USD, NULL when unknown)
    sentiment_method TEXT NOT NULL DEFAULT 'vader' CHECK (sentiment_method IN ('vader', 'judge')),
    judge_engine TEXT,
    judge_model  TEXT,
    judge_cost   REAL,
    -- the provider cut the answer short at its output limit (1; analytics can leave such
    -- chats out, truncated=false, or keep only them, truncated=true), and the model version
    -- it says answered (model is the one configured; NULL: the provider did not say)
    truncated INTEGER NOT NULL DEFAULT 0,
    model_version TEXT,
    sample       INTEGER NOT NULL DEFAULT 1 CHECK (sample BETWEEN 1 AND 10),
    -- the surface showed an AI answer (0: it showed none, an outcome: no text, no sources,
    -- no mentions, and the chat counts in every figure's denominator)
    shown        INTEGER NOT NULL DEFAULT 1 CHECK (shown IN (0, 1)),
    market_id    INTEGER,
    persona_id   INTEGER
) STRICT;

CREATE UNIQUE INDEX chats_run_cell ON chats (run_id, engine, sample, coalesce(market_id, 0),
                                             coalesce(persona_id, 0));
CREATE INDEX chats_workspace_created ON chats (workspace_id, created_at);
-- It holds the filters of a scope narrowed by prompt, topic or tag, so that finding the
-- chats in scope (a year of a topic: 146,000) reads the index alone.
CREATE INDEX chats_prompt ON chats (prompt_id, created_at, workspace_id, engine, location);
-- The location filter's: without it, the chats of a location were found by reading every
-- chat of the window.
CREATE INDEX chats_location ON chats (workspace_id, location, created_at);
-- The truncated chats of a window (few), which truncated=false takes off the rollups' sums.
-- It holds what their readers test and sum (prompt, flags), so that they read no chat row:
-- a chat's row holds its answer, and looking 4,800 of them up took 17 ms at the full size.
CREATE INDEX chats_truncated ON chats (workspace_id, created_at, prompt_id, engine, location,
                                       shown, own_named, competitor_named) WHERE truncated;
-- The chats of a window with no AI answer shown, which shown=false reads and shown=true
-- takes off the rollups' sums (as truncated does).
CREATE INDEX chats_unshown ON chats (workspace_id, created_at) WHERE NOT shown;
-- The market and persona filters' (no rollup keeps them: see packaging/docs/markets.md).
CREATE INDEX chats_market ON chats (workspace_id, market_id, created_at);
CREATE INDEX chats_persona ON chats (workspace_id, persona_id, created_at);

-- The pages of a chat, one row per URL: those it cites (the engine's citations and the
-- links in the answer; cited = 1, position = the order of first citation) and those the
-- engine only consulted (cited = 0, position NULL). engine and created_at repeat the
-- chat's, so analytics windows scan one index.
CREATE TABLE chat_sources (
    id           INTEGER PRIMARY KEY,
    chat_id      INTEGER NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    url          TEXT NOT NULL,
    domain       TEXT NOT NULL,
    title        TEXT,
    engine       TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    cited        INTEGER NOT NULL DEFAULT 1 CHECK (cited IN (0, 1)),
    position     INTEGER,
    host         TEXT NOT NULL DEFAULT '',  -- the full host; domain is its registrable domain
    category     TEXT,  -- the host's category when last worked out (see brand_refresh)
    -- its rank among the organic results a search surface showed beside its AI answer
    organic_rank INTEGER CHECK (organic_rank >= 1),
    UNIQUE (chat_id, url)
) STRICT;

-- A task posted to a search surface provider's queue (DATAFORSEO_MODE standard or priority),
-- one per sample of a run: kept before the post (tag, the task's own tag) and after it (its id
-- and cost), so that a restart collects it and never posts it again.
CREATE TABLE surface_tasks (
    run_id       INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    engine       TEXT NOT NULL,
    sample       INTEGER NOT NULL,
    cell         TEXT NOT NULL DEFAULT '',  -- "market id:persona id" ('' when asked without)
    tag          TEXT NOT NULL,
    task_id      TEXT,
    cost         REAL,
    posted_at    TEXT NOT NULL,
    PRIMARY KEY (run_id, engine, sample, cell)
) STRICT;

CREATE INDEX chat_sources_window ON chat_sources (workspace_id, created_at, domain, chat_id);
CREATE INDEX chat_sources_domain ON chat_sources (workspace_id, domain, created_at);
-- The rollup triggers look up a chat's other sources of a domain: without this index each
-- insert scanned all the chat's sources, and 30,000 citations took 45 s to store. It holds
-- cited and category too, so that the lookups of a chat's other (cited) sources of a domain
-- or a category read it alone: a new source's category is looked up four times, each lookup
-- reading the chat's earlier sources from the table without it, a twentieth of storing a
-- chat's CPU instructions (issue 43, tests/perf/README.md).
CREATE INDEX chat_sources_chat_domain ON chat_sources (chat_id, domain, cited, category);

-- A tracked brand in a chat: mentioned by name (position, mentions) and/or cited
-- through one of its domains. position is NULL when the brand is only cited.
CREATE TABLE chat_brands (
    chat_id      INTEGER NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    brand_id     INTEGER NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    position     INTEGER,
    mentions     INTEGER NOT NULL,
    cited        INTEGER NOT NULL CHECK (cited IN (0, 1)),
    engine       TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    -- what the sentences naming the brand say of it (NULL when it is only cited)
    sentiment    TEXT CHECK (sentiment IN ('positive', 'neutral', 'negative')),
    sentiment_score REAL,  -- -1 to 1
    PRIMARY KEY (chat_id, brand_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX chat_brands_brand ON chat_brands (brand_id, chat_id);
CREATE INDEX chat_brands_window ON chat_brands (workspace_id, created_at, brand_id, position, cited);

-- Daily rollups for analytics: sums per workspace, UTC day and engine, kept exact by
-- the triggers below whenever chats, their brand rows or their sources come and go.
-- Queries add them up for whole days and read the per-chat rows for partial days or
-- prompt-level filters; every figure is a sum, so the parts add up exactly.
CREATE TABLE daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    shown        INTEGER NOT NULL DEFAULT 0,  -- of them, those with an AI answer shown
    PRIMARY KEY (workspace_id, day, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE daily_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    mentioned    INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    cited        INTEGER NOT NULL,
    sentiment_sum REAL NOT NULL DEFAULT 0,
    sentiment_scored INTEGER NOT NULL DEFAULT 0,
    positive     INTEGER NOT NULL DEFAULT 0,
    neutral      INTEGER NOT NULL DEFAULT 0,
    negative     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

-- citations: cited pages of the domain; chats: chats citing the domain at least once (a chat
-- may cite several URLs); retrieved_chats: chats that cited or consulted one of its pages.
CREATE TABLE daily_domains (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    domain       TEXT NOT NULL,
    citations    INTEGER NOT NULL,
    chats        INTEGER NOT NULL,
    first_seen   TEXT,
    last_seen    TEXT,
    retrieved_chats INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, day, engine, domain)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chats_daily_insert AFTER INSERT ON chats BEGIN
    INSERT INTO daily_chats (workspace_id, day, engine, chats, shown)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, 1, new.shown)
    ON CONFLICT (workspace_id, day, engine) DO UPDATE SET chats = chats + 1,
                                                          shown = shown + excluded.shown;
END;

CREATE TRIGGER chats_daily_delete AFTER DELETE ON chats BEGIN
    UPDATE daily_chats SET chats = chats - 1, shown = shown - old.shown
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine;
END;

CREATE TRIGGER chat_brands_daily_insert AFTER INSERT ON chat_brands BEGIN
    INSERT INTO daily_brands (workspace_id, day, engine, brand_id, mentioned, position_sum, cited,
                              sentiment_sum, sentiment_scored, positive, neutral, negative)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.brand_id,
            new.position IS NOT NULL, coalesce(new.position, 0), new.cited,
            coalesce(new.sentiment_score, 0), new.sentiment IS NOT NULL,
            new.sentiment IS 'positive', new.sentiment IS 'neutral', new.sentiment IS 'negative')
    ON CONFLICT (workspace_id, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum,
        cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

CREATE TRIGGER chat_brands_daily_delete AFTER DELETE ON chat_brands BEGIN
    UPDATE daily_brands SET mentioned = mentioned - (old.position IS NOT NULL),
        position_sum = position_sum - coalesce(old.position, 0), cited = cited - old.cited,
        sentiment_sum = sentiment_sum - coalesce(old.sentiment_score, 0),
        sentiment_scored = sentiment_scored - (old.sentiment IS NOT NULL),
        positive = positive - (old.sentiment IS 'positive'),
        neutral = neutral - (old.sentiment IS 'neutral'),
        negative = negative - (old.sentiment IS 'negative')
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND brand_id = old.brand_id;
END;

-- A source counts toward chats (cited) and retrieved_chats when no other source of its chat
-- has its domain (cited): both read from one look-up of the others, max(cited) (NULL when there
-- are none), rather than two NOT EXISTS: one probe of the index, not two (issue 43).
CREATE TRIGGER chat_sources_daily_insert AFTER INSERT ON chat_sources BEGIN
    INSERT INTO daily_domains (workspace_id, day, engine, domain, citations, chats, first_seen,
                               last_seen, retrieved_chats)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.domain, new.cited,
           new.cited AND o.cited IS NOT 1, new.created_at, new.created_at, o.cited IS NULL
    FROM (SELECT max(cited) AS cited FROM chat_sources WHERE chat_id = new.chat_id
          AND domain = new.domain AND id <> new.id) o WHERE true
    ON CONFLICT (workspace_id, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats,
        first_seen = min(coalesce(first_seen, excluded.first_seen), excluded.first_seen),
        last_seen = max(coalesce(last_seen, excluded.last_seen), excluded.last_seen);
END;

CREATE TRIGGER chat_sources_daily_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE daily_domains SET citations = citations - old.cited,
        chats = chats - (old.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o
                         WHERE o.chat_id = old.chat_id AND o.domain = old.domain AND o.cited)),
        retrieved_chats = retrieved_chats - NOT EXISTS (SELECT 1 FROM chat_sources o
                          WHERE o.chat_id = old.chat_id AND o.domain = old.domain),
        first_seen = CASE WHEN first_seen < old.created_at THEN first_seen ELSE
            (SELECT min(o.created_at) FROM chat_sources o WHERE o.workspace_id = old.workspace_id
             AND o.domain = old.domain AND o.engine = old.engine
             AND o.created_at >= day AND o.created_at < date(day, '+1 day')) END,
        last_seen = CASE WHEN last_seen > old.created_at THEN last_seen ELSE
            (SELECT max(o.created_at) FROM chat_sources o WHERE o.workspace_id = old.workspace_id
             AND o.domain = old.domain AND o.engine = old.engine
             AND o.created_at >= day AND o.created_at < date(day, '+1 day')) END
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND domain = old.domain;
END;

-- The same daily sums of the chats cut short for length alone (truncated: few), for
-- truncated=true and for truncated=false, which is every chat's sums less these
-- (scope_parts): without them both read every truncated chat of the window, a cost that
-- grows with the data. Only a truncated chat's rows reach them: each trigger's WHEN keeps
-- to those (an ordinary chat pays one seek of its chat per brand row and source), and a
-- chat whose truncation changes (tracker reextract rewrites it) moves the brand rows and
-- sources it has then in or out; those it gets after follow it by their own triggers. A
-- domain's first and last time are not kept: source_seen finds them. The chats with no AI
-- answer shown have the same daily sums of domains (unshown_daily_domains), for the lists
-- of shown=false and shown=true (the chat counts and brand sums of shown are every chat's
-- rollups: chat_sums); their sources share the truncated chats' triggers, one seek a row.
CREATE TABLE truncated_daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    shown        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE truncated_daily_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    mentioned    INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    cited        INTEGER NOT NULL,
    sentiment_sum REAL NOT NULL,
    sentiment_scored INTEGER NOT NULL,
    positive     INTEGER NOT NULL,
    neutral      INTEGER NOT NULL,
    negative     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE truncated_daily_domains (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    domain       TEXT NOT NULL,
    citations    INTEGER NOT NULL,
    chats        INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, domain)
) STRICT, WITHOUT ROWID;

-- The truncated chats' recommended names, as daily_names (their triggers are after chat_names).
CREATE TABLE truncated_daily_names (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    mentions     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, name_key)
) STRICT, WITHOUT ROWID;

CREATE TABLE unshown_daily_domains (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    domain       TEXT NOT NULL,
    citations    INTEGER NOT NULL,
    chats        INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, domain)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chats_truncated_insert AFTER INSERT ON chats WHEN new.truncated BEGIN
    INSERT INTO truncated_daily_chats (workspace_id, day, engine, chats, shown)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, 1, new.shown)
    ON CONFLICT (workspace_id, day, engine) DO UPDATE SET chats = chats + 1,
                                                          shown = shown + excluded.shown;
END;

CREATE TRIGGER chats_truncated_shown AFTER UPDATE OF shown ON chats
WHEN new.truncated AND old.truncated AND new.shown IS NOT old.shown BEGIN
    UPDATE truncated_daily_chats SET shown = shown + new.shown - old.shown
    WHERE workspace_id = new.workspace_id AND day = substr(new.created_at, 1, 10)
      AND engine = new.engine;
END;

-- An answer shown now, or no longer (tracker reextract): the chat's sources out (-1) of the
-- unshown chats' sums, or in (1).
CREATE TRIGGER chats_unshown_update AFTER UPDATE OF shown ON chats
WHEN new.shown IS NOT old.shown BEGIN
    INSERT INTO unshown_daily_domains (workspace_id, day, engine, domain, citations, chats,
                                       retrieved_chats)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, s.domain,
           (old.shown - new.shown) * sum(s.cited), (old.shown - new.shown) * max(s.cited),
           old.shown - new.shown
    FROM chat_sources s WHERE s.chat_id = new.id GROUP BY s.domain
    ON CONFLICT (workspace_id, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
END;

CREATE TRIGGER chats_unshown_delete BEFORE DELETE ON chats WHEN NOT old.shown BEGIN
    UPDATE unshown_daily_domains SET
        citations = unshown_daily_domains.citations - s.citations,
        chats = unshown_daily_domains.chats - s.cited,
        retrieved_chats = unshown_daily_domains.retrieved_chats - 1
    FROM (SELECT domain, sum(cited) AS citations, max(cited) AS cited FROM chat_sources
          WHERE chat_id = old.id GROUP BY domain) s
    WHERE unshown_daily_domains.workspace_id = old.workspace_id
      AND unshown_daily_domains.day = substr(old.created_at, 1, 10)
      AND unshown_daily_domains.engine = old.engine
      AND unshown_daily_domains.domain = s.domain;
END;

-- A chat cut short now, or no longer: its rows in (1) or out (-1) of the sums, as they are.
CREATE TRIGGER chats_truncated_update AFTER UPDATE OF truncated ON chats
WHEN new.truncated IS NOT old.truncated BEGIN
    INSERT INTO truncated_daily_chats (workspace_id, day, engine, chats, shown)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine,
            new.truncated - old.truncated, CASE WHEN new.truncated THEN new.shown ELSE -old.shown END)
    ON CONFLICT (workspace_id, day, engine) DO UPDATE SET chats = chats + excluded.chats,
                                                          shown = shown + excluded.shown;
    INSERT INTO truncated_daily_brands (workspace_id, day, engine, brand_id, mentioned,
        position_sum, cited, sentiment_sum, sentiment_scored, positive, neutral, negative)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, b.brand_id,
           (new.truncated - old.truncated) * (b.position IS NOT NULL),
           (new.truncated - old.truncated) * coalesce(b.position, 0),
           (new.truncated - old.truncated) * b.cited,
           (new.truncated - old.truncated) * coalesce(b.sentiment_score, 0),
           (new.truncated - old.truncated) * (b.sentiment IS NOT NULL),
           (new.truncated - old.truncated) * (b.sentiment IS 'positive'),
           (new.truncated - old.truncated) * (b.sentiment IS 'neutral'),
           (new.truncated - old.truncated) * (b.sentiment IS 'negative')
    FROM chat_brands b WHERE b.chat_id = new.id
    ON CONFLICT (workspace_id, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
    INSERT INTO truncated_daily_domains (workspace_id, day, engine, domain, citations, chats,
                                         retrieved_chats)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, s.domain,
           (new.truncated - old.truncated) * sum(s.cited),
           (new.truncated - old.truncated) * max(s.cited), new.truncated - old.truncated
    FROM chat_sources s WHERE s.chat_id = new.id GROUP BY s.domain
    ON CONFLICT (workspace_id, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
    INSERT INTO truncated_daily_names (workspace_id, day, engine, name_key, chats, mentions)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, x.name_key,
           new.truncated - old.truncated, (new.truncated - old.truncated) * x.mentions
    FROM chat_names x WHERE x.chat_id = new.id
    ON CONFLICT (workspace_id, day, engine, name_key) DO UPDATE SET
        chats = chats + excluded.chats, mentions = mentions + excluded.mentions;
END;

-- A truncated chat deleted takes its rows off before it goes: its cascade deletes them
-- when it can no longer be found (their triggers' WHEN).
CREATE TRIGGER chats_truncated_delete BEFORE DELETE ON chats WHEN old.truncated BEGIN
    UPDATE truncated_daily_chats SET chats = chats - 1, shown = shown - old.shown
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine;
    UPDATE truncated_daily_brands SET
        mentioned = truncated_daily_brands.mentioned - (b.position IS NOT NULL),
        position_sum = truncated_daily_brands.position_sum - coalesce(b.position, 0),
        cited = truncated_daily_brands.cited - b.cited,
        sentiment_sum = truncated_daily_brands.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = truncated_daily_brands.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = truncated_daily_brands.positive - (b.sentiment IS 'positive'),
        neutral = truncated_daily_brands.neutral - (b.sentiment IS 'neutral'),
        negative = truncated_daily_brands.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND truncated_daily_brands.workspace_id = old.workspace_id
      AND truncated_daily_brands.day = substr(old.created_at, 1, 10)
      AND truncated_daily_brands.engine = old.engine
      AND truncated_daily_brands.brand_id = b.brand_id;
    UPDATE truncated_daily_domains SET
        citations = truncated_daily_domains.citations - s.citations,
        chats = truncated_daily_domains.chats - s.cited,
        retrieved_chats = truncated_daily_domains.retrieved_chats - 1
    FROM (SELECT domain, sum(cited) AS citations, max(cited) AS cited FROM chat_sources
          WHERE chat_id = old.id GROUP BY domain) s
    WHERE truncated_daily_domains.workspace_id = old.workspace_id
      AND truncated_daily_domains.day = substr(old.created_at, 1, 10)
      AND truncated_daily_domains.engine = old.engine
      AND truncated_daily_domains.domain = s.domain;
    UPDATE truncated_daily_names SET chats = truncated_daily_names.chats - 1,
        mentions = truncated_daily_names.mentions - x.mentions
    FROM chat_names x
    WHERE x.chat_id = old.id AND truncated_daily_names.workspace_id = old.workspace_id
      AND truncated_daily_names.day = substr(old.created_at, 1, 10)
      AND truncated_daily_names.engine = old.engine
      AND truncated_daily_names.name_key = x.name_key;
END;

CREATE TRIGGER chat_brands_truncated_insert AFTER INSERT ON chat_brands
WHEN (SELECT truncated FROM chats WHERE id = new.chat_id) BEGIN
    INSERT INTO truncated_daily_brands (workspace_id, day, engine, brand_id, mentioned,
        position_sum, cited, sentiment_sum, sentiment_scored, positive, neutral, negative)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.brand_id,
            new.position IS NOT NULL, coalesce(new.position, 0), new.cited,
            coalesce(new.sentiment_score, 0), new.sentiment IS NOT NULL,
            new.sentiment IS 'positive', new.sentiment IS 'neutral', new.sentiment IS 'negative')
    ON CONFLICT (workspace_id, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

CREATE TRIGGER chat_brands_truncated_delete AFTER DELETE ON chat_brands
WHEN (SELECT truncated FROM chats WHERE id = old.chat_id) BEGIN
    UPDATE truncated_daily_brands SET mentioned = mentioned - (old.position IS NOT NULL),
        position_sum = position_sum - coalesce(old.position, 0), cited = cited - old.cited,
        sentiment_sum = sentiment_sum - coalesce(old.sentiment_score, 0),
        sentiment_scored = sentiment_scored - (old.sentiment IS NOT NULL),
        positive = positive - (old.sentiment IS 'positive'),
        neutral = neutral - (old.sentiment IS 'neutral'),
        negative = negative - (old.sentiment IS 'negative')
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND brand_id = old.brand_id;
END;

-- A source of a truncated chat, of one with no answer shown, or both: one seek of its chat.
CREATE TRIGGER chat_sources_cut_insert AFTER INSERT ON chat_sources
WHEN (SELECT truncated OR NOT shown FROM chats WHERE id = new.chat_id) BEGIN
    INSERT INTO truncated_daily_domains (workspace_id, day, engine, domain, citations, chats,
                                         retrieved_chats)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.domain, new.cited,
           new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                     AND o.domain = new.domain AND o.id <> new.id AND o.cited),
           NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                       AND o.domain = new.domain AND o.id <> new.id)
    FROM chats c WHERE c.id = new.chat_id AND c.truncated
    ON CONFLICT (workspace_id, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
    INSERT INTO unshown_daily_domains (workspace_id, day, engine, domain, citations, chats,
                                       retrieved_chats)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.domain, new.cited,
           new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                     AND o.domain = new.domain AND o.id <> new.id AND o.cited),
           NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                       AND o.domain = new.domain AND o.id <> new.id)
    FROM chats c WHERE c.id = new.chat_id AND NOT c.shown
    ON CONFLICT (workspace_id, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
END;

CREATE TRIGGER chat_sources_cut_delete AFTER DELETE ON chat_sources
WHEN (SELECT truncated OR NOT shown FROM chats WHERE id = old.chat_id) BEGIN
    UPDATE truncated_daily_domains SET citations = citations - old.cited,
        chats = chats - (old.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o
                         WHERE o.chat_id = old.chat_id AND o.domain = old.domain AND o.cited)),
        retrieved_chats = retrieved_chats - NOT EXISTS (SELECT 1 FROM chat_sources o
                          WHERE o.chat_id = old.chat_id AND o.domain = old.domain)
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND domain = old.domain
      AND (SELECT truncated FROM chats WHERE id = old.chat_id);
    UPDATE unshown_daily_domains SET citations = citations - old.cited,
        chats = chats - (old.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o
                         WHERE o.chat_id = old.chat_id AND o.domain = old.domain AND o.cited)),
        retrieved_chats = retrieved_chats - NOT EXISTS (SELECT 1 FROM chat_sources o
                          WHERE o.chat_id = old.chat_id AND o.domain = old.domain)
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND domain = old.domain
      AND (SELECT NOT shown FROM chats WHERE id = old.chat_id);
END;

-- The same sums per prompt, and per location a chat was asked from, for the filters: a
-- prompt, topic or tag adds up the rows of its prompts (found through the key), a location
-- its own, where the per-chat rows would be read one chat at a time. A chat's brand rows
-- and sources are taken off before the chat goes: its cascade deletes them when it can no
-- longer be found. Brands and prompts deleted leave their rows behind, never served.
CREATE TABLE prompt_daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    own_chats    INTEGER NOT NULL DEFAULT 0,  -- chats naming an own brand
    competitor_chats INTEGER NOT NULL DEFAULT 0,  -- and a competitor
    shown        INTEGER NOT NULL DEFAULT 0,  -- chats with an AI answer shown
    PRIMARY KEY (workspace_id, prompt_id, day, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE prompt_daily_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    mentioned    INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    cited        INTEGER NOT NULL,
    sentiment_sum REAL NOT NULL,
    sentiment_scored INTEGER NOT NULL,
    positive     INTEGER NOT NULL,
    neutral      INTEGER NOT NULL,
    negative     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, prompt_id, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

-- The same per prompt and Monday-first week (day is the Monday): a year of a topic's
-- weekly series or totals adds up a seventh of the rows.
CREATE TABLE prompt_weekly_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    own_chats    INTEGER NOT NULL DEFAULT 0,  -- chats naming an own brand
    competitor_chats INTEGER NOT NULL DEFAULT 0,  -- and a competitor
    shown        INTEGER NOT NULL DEFAULT 0,  -- chats with an AI answer shown
    PRIMARY KEY (workspace_id, prompt_id, day, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE prompt_weekly_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    mentioned    INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    cited        INTEGER NOT NULL,
    sentiment_sum REAL NOT NULL,
    sentiment_scored INTEGER NOT NULL,
    positive     INTEGER NOT NULL,
    neutral      INTEGER NOT NULL,
    negative     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, prompt_id, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE location_daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    location     TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    shown        INTEGER NOT NULL DEFAULT 0,  -- of them, those with an AI answer shown
    PRIMARY KEY (workspace_id, location, day, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE location_daily_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    location     TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    mentioned    INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    cited        INTEGER NOT NULL,
    sentiment_sum REAL NOT NULL,
    sentiment_scored INTEGER NOT NULL,
    positive     INTEGER NOT NULL,
    neutral      INTEGER NOT NULL,
    negative     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, location, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

-- The same for domains per location (a prompt's domains barely repeat from day to day, so a
-- rollup per prompt would be about as large as the sources).
CREATE TABLE location_daily_domains (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    location        TEXT NOT NULL,
    day             TEXT NOT NULL,
    engine          TEXT NOT NULL,
    domain          TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    chats           INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    first_seen      TEXT,
    last_seen       TEXT,
    PRIMARY KEY (workspace_id, location, day, engine, domain)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chats_by_prompt_insert AFTER INSERT ON chats BEGIN
    INSERT INTO prompt_daily_chats (workspace_id, prompt_id, day, engine, chats, shown)
    VALUES (new.workspace_id, new.prompt_id, substr(new.created_at, 1, 10), new.engine, 1,
            new.shown)
    ON CONFLICT (workspace_id, prompt_id, day, engine) DO UPDATE SET
        chats = chats + 1, shown = shown + excluded.shown;
    INSERT INTO prompt_weekly_chats (workspace_id, prompt_id, day, engine, chats, shown)
    VALUES (new.workspace_id, new.prompt_id, date(new.created_at, '-6 days', 'weekday 1'),
            new.engine, 1, new.shown)
    ON CONFLICT (workspace_id, prompt_id, day, engine) DO UPDATE SET
        chats = chats + 1, shown = shown + excluded.shown;
END;

CREATE TRIGGER chats_by_location_insert AFTER INSERT ON chats WHEN new.location IS NOT NULL
BEGIN
    INSERT INTO location_daily_chats (workspace_id, location, day, engine, chats, shown)
    VALUES (new.workspace_id, new.location, substr(new.created_at, 1, 10), new.engine, 1,
            new.shown)
    ON CONFLICT (workspace_id, location, day, engine) DO UPDATE SET
        chats = chats + 1, shown = shown + excluded.shown;
END;

CREATE TRIGGER chats_by_filter_delete BEFORE DELETE ON chats BEGIN
    UPDATE prompt_daily_chats SET chats = chats - 1, shown = shown - old.shown
    WHERE workspace_id = old.workspace_id AND prompt_id = old.prompt_id
      AND day = substr(old.created_at, 1, 10) AND engine = old.engine;
    UPDATE prompt_weekly_chats SET chats = chats - 1, shown = shown - old.shown
    WHERE workspace_id = old.workspace_id AND prompt_id = old.prompt_id
      AND day = date(old.created_at, '-6 days', 'weekday 1') AND engine = old.engine;
    UPDATE location_daily_chats SET chats = chats - 1, shown = shown - old.shown
    WHERE workspace_id = old.workspace_id AND location = old.location
      AND day = substr(old.created_at, 1, 10) AND engine = old.engine;
    UPDATE location_daily_domains SET citations = location_daily_domains.citations - s.citations,
        chats = location_daily_domains.chats - s.cited,
        retrieved_chats = location_daily_domains.retrieved_chats - 1,
        first_seen = CASE WHEN location_daily_domains.first_seen < old.created_at
            THEN location_daily_domains.first_seen ELSE
            (SELECT min(o.created_at) FROM chat_sources o JOIN chats c ON c.id = o.chat_id
             WHERE o.workspace_id = old.workspace_id AND o.domain = location_daily_domains.domain
               AND o.engine = old.engine AND o.created_at >= location_daily_domains.day
               AND o.created_at < date(location_daily_domains.day, '+1 day')
               AND c.location = old.location AND o.chat_id <> old.id) END,
        last_seen = CASE WHEN location_daily_domains.last_seen > old.created_at
            THEN location_daily_domains.last_seen ELSE
            (SELECT max(o.created_at) FROM chat_sources o JOIN chats c ON c.id = o.chat_id
             WHERE o.workspace_id = old.workspace_id AND o.domain = location_daily_domains.domain
               AND o.engine = old.engine AND o.created_at >= location_daily_domains.day
               AND o.created_at < date(location_daily_domains.day, '+1 day')
               AND c.location = old.location AND o.chat_id <> old.id) END
    FROM (SELECT domain, sum(cited) AS citations, max(cited) AS cited FROM chat_sources
          WHERE chat_id = old.id GROUP BY domain) s
    WHERE location_daily_domains.workspace_id = old.workspace_id
      AND location_daily_domains.location = old.location
      AND location_daily_domains.day = substr(old.created_at, 1, 10)
      AND location_daily_domains.engine = old.engine AND location_daily_domains.domain = s.domain;
    UPDATE prompt_daily_brands SET
        mentioned = prompt_daily_brands.mentioned - (b.position IS NOT NULL),
        position_sum = prompt_daily_brands.position_sum - coalesce(b.position, 0),
        cited = prompt_daily_brands.cited - b.cited,
        sentiment_sum = prompt_daily_brands.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = prompt_daily_brands.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = prompt_daily_brands.positive - (b.sentiment IS 'positive'),
        neutral = prompt_daily_brands.neutral - (b.sentiment IS 'neutral'),
        negative = prompt_daily_brands.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND prompt_daily_brands.workspace_id = old.workspace_id
      AND prompt_daily_brands.prompt_id = old.prompt_id
      AND prompt_daily_brands.day = substr(old.created_at, 1, 10)
      AND prompt_daily_brands.engine = old.engine AND prompt_daily_brands.brand_id = b.brand_id;
    UPDATE prompt_weekly_brands SET
        mentioned = prompt_weekly_brands.mentioned - (b.position IS NOT NULL),
        position_sum = prompt_weekly_brands.position_sum - coalesce(b.position, 0),
        cited = prompt_weekly_brands.cited - b.cited,
        sentiment_sum = prompt_weekly_brands.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = prompt_weekly_brands.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = prompt_weekly_brands.positive - (b.sentiment IS 'positive'),
        neutral = prompt_weekly_brands.neutral - (b.sentiment IS 'neutral'),
        negative = prompt_weekly_brands.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND prompt_weekly_brands.workspace_id = old.workspace_id
      AND prompt_weekly_brands.prompt_id = old.prompt_id
      AND prompt_weekly_brands.day = date(old.created_at, '-6 days', 'weekday 1')
      AND prompt_weekly_brands.engine = old.engine AND prompt_weekly_brands.brand_id = b.brand_id;
    UPDATE location_daily_brands SET
        mentioned = location_daily_brands.mentioned - (b.position IS NOT NULL),
        position_sum = location_daily_brands.position_sum - coalesce(b.position, 0),
        cited = location_daily_brands.cited - b.cited,
        sentiment_sum = location_daily_brands.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = location_daily_brands.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = location_daily_brands.positive - (b.sentiment IS 'positive'),
        neutral = location_daily_brands.neutral - (b.sentiment IS 'neutral'),
        negative = location_daily_brands.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND location_daily_brands.workspace_id = old.workspace_id
      AND location_daily_brands.location = old.location
      AND location_daily_brands.day = substr(old.created_at, 1, 10)
      AND location_daily_brands.engine = old.engine AND location_daily_brands.brand_id = b.brand_id;
END;

CREATE TRIGGER chat_brands_by_filter_insert AFTER INSERT ON chat_brands BEGIN
    INSERT INTO prompt_daily_brands (workspace_id, prompt_id, day, engine, brand_id, mentioned,
                                     position_sum, cited, sentiment_sum, sentiment_scored, positive,
                                     neutral, negative)
    SELECT new.workspace_id, c.prompt_id, substr(new.created_at, 1, 10), new.engine, new.brand_id,
           new.position IS NOT NULL, coalesce(new.position, 0), new.cited,
           coalesce(new.sentiment_score, 0), new.sentiment IS NOT NULL,
           new.sentiment IS 'positive', new.sentiment IS 'neutral', new.sentiment IS 'negative'
    FROM chats c WHERE c.id = new.chat_id
    ON CONFLICT (workspace_id, prompt_id, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
    INSERT INTO prompt_weekly_brands (workspace_id, prompt_id, day, engine, brand_id, mentioned,
                                      position_sum, cited, sentiment_sum, sentiment_scored, positive,
                                      neutral, negative)
    SELECT new.workspace_id, c.prompt_id, date(new.created_at, '-6 days', 'weekday 1'), new.engine,
           new.brand_id, new.position IS NOT NULL, coalesce(new.position, 0), new.cited,
           coalesce(new.sentiment_score, 0), new.sentiment IS NOT NULL,
           new.sentiment IS 'positive', new.sentiment IS 'neutral', new.sentiment IS 'negative'
    FROM chats c WHERE c.id = new.chat_id
    ON CONFLICT (workspace_id, prompt_id, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
    INSERT INTO location_daily_brands (workspace_id, location, day, engine, brand_id, mentioned,
                                       position_sum, cited, sentiment_sum, sentiment_scored, positive,
                                       neutral, negative)
    SELECT new.workspace_id, c.location, substr(new.created_at, 1, 10), new.engine, new.brand_id,
           new.position IS NOT NULL, coalesce(new.position, 0), new.cited,
           coalesce(new.sentiment_score, 0), new.sentiment IS NOT NULL,
           new.sentiment IS 'positive', new.sentiment IS 'neutral', new.sentiment IS 'negative'
    FROM chats c WHERE c.id = new.chat_id AND c.location IS NOT NULL
    ON CONFLICT (workspace_id, location, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

-- Only while the chat is there (a brand's rows refreshed or deleted): see above.
CREATE TRIGGER chat_brands_by_filter_delete AFTER DELETE ON chat_brands BEGIN
    UPDATE prompt_daily_brands SET mentioned = mentioned - (old.position IS NOT NULL),
        position_sum = position_sum - coalesce(old.position, 0), cited = cited - old.cited,
        sentiment_sum = sentiment_sum - coalesce(old.sentiment_score, 0),
        sentiment_scored = sentiment_scored - (old.sentiment IS NOT NULL),
        positive = positive - (old.sentiment IS 'positive'),
        neutral = neutral - (old.sentiment IS 'neutral'),
        negative = negative - (old.sentiment IS 'negative')
    WHERE workspace_id = old.workspace_id
      AND prompt_id = (SELECT prompt_id FROM chats WHERE id = old.chat_id)
      AND day = substr(old.created_at, 1, 10) AND engine = old.engine AND brand_id = old.brand_id;
    UPDATE prompt_weekly_brands SET mentioned = mentioned - (old.position IS NOT NULL),
        position_sum = position_sum - coalesce(old.position, 0), cited = cited - old.cited,
        sentiment_sum = sentiment_sum - coalesce(old.sentiment_score, 0),
        sentiment_scored = sentiment_scored - (old.sentiment IS NOT NULL),
        positive = positive - (old.sentiment IS 'positive'),
        neutral = neutral - (old.sentiment IS 'neutral'),
        negative = negative - (old.sentiment IS 'negative')
    WHERE workspace_id = old.workspace_id
      AND prompt_id = (SELECT prompt_id FROM chats WHERE id = old.chat_id)
      AND day = date(old.created_at, '-6 days', 'weekday 1') AND engine = old.engine
      AND brand_id = old.brand_id;
    UPDATE location_daily_brands SET mentioned = mentioned - (old.position IS NOT NULL),
        position_sum = position_sum - coalesce(old.position, 0), cited = cited - old.cited,
        sentiment_sum = sentiment_sum - coalesce(old.sentiment_score, 0),
        sentiment_scored = sentiment_scored - (old.sentiment IS NOT NULL),
        positive = positive - (old.sentiment IS 'positive'),
        neutral = neutral - (old.sentiment IS 'neutral'),
        negative = negative - (old.sentiment IS 'negative')
    WHERE workspace_id = old.workspace_id
      AND location = (SELECT location FROM chats WHERE id = old.chat_id)
      AND day = substr(old.created_at, 1, 10) AND engine = old.engine AND brand_id = old.brand_id;
END;

CREATE TRIGGER chat_sources_by_location_insert AFTER INSERT ON chat_sources BEGIN
    INSERT INTO location_daily_domains (workspace_id, location, day, engine, domain, citations,
                                        chats, retrieved_chats, first_seen, last_seen)
    SELECT new.workspace_id, c.location, substr(new.created_at, 1, 10), new.engine, new.domain,
           new.cited,
           new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                     AND o.domain = new.domain AND o.id <> new.id AND o.cited),
           NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                       AND o.domain = new.domain AND o.id <> new.id),
           new.created_at, new.created_at
    FROM chats c WHERE c.id = new.chat_id AND c.location IS NOT NULL
    ON CONFLICT (workspace_id, location, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats,
        first_seen = min(coalesce(first_seen, excluded.first_seen), excluded.first_seen),
        last_seen = max(coalesce(last_seen, excluded.last_seen), excluded.last_seen);
END;

CREATE TRIGGER chat_sources_by_location_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE location_daily_domains SET citations = citations - old.cited,
        chats = chats - (old.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o
                         WHERE o.chat_id = old.chat_id AND o.domain = old.domain AND o.cited)),
        retrieved_chats = retrieved_chats - NOT EXISTS (SELECT 1 FROM chat_sources o
                          WHERE o.chat_id = old.chat_id AND o.domain = old.domain),
        first_seen = CASE WHEN first_seen < old.created_at THEN first_seen ELSE
            (SELECT min(o.created_at) FROM chat_sources o JOIN chats c ON c.id = o.chat_id
             WHERE o.workspace_id = old.workspace_id AND o.domain = old.domain
               AND o.engine = old.engine AND o.created_at >= location_daily_domains.day
               AND o.created_at < date(location_daily_domains.day, '+1 day')
               AND c.location = location_daily_domains.location) END,
        last_seen = CASE WHEN last_seen > old.created_at THEN last_seen ELSE
            (SELECT max(o.created_at) FROM chat_sources o JOIN chats c ON c.id = o.chat_id
             WHERE o.workspace_id = old.workspace_id AND o.domain = old.domain
               AND o.engine = old.engine AND o.created_at >= location_daily_domains.day
               AND o.created_at < date(location_daily_domains.day, '+1 day')
               AND c.location = location_daily_domains.location) END
    WHERE workspace_id = old.workspace_id
      AND location = (SELECT location FROM chats WHERE id = old.chat_id)
      AND day = substr(old.created_at, 1, 10) AND engine = old.engine AND domain = old.domain;
END;

-- generation counts the restarts, so that a batch matched outside the write lock can tell
-- whether a brand changed meanwhile.
CREATE TABLE brand_refresh (
    workspace_id  INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    after_chat_id INTEGER NOT NULL DEFAULT 0,
    generation    INTEGER NOT NULL DEFAULT 0,
    -- the prompts' branded flags are worked out first, in batches: NULL once they are
    after_prompt_id INTEGER DEFAULT 0
) STRICT;

-- The searches a chat's engine ran, in order (chats.search_queries has them as the chat
-- shows them): GET /analytics/queries counts them over a window.
CREATE TABLE chat_searches (
    id           INTEGER PRIMARY KEY,
    chat_id      INTEGER NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    engine       TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    query        TEXT NOT NULL
) STRICT;

CREATE INDEX chat_searches_window ON chat_searches (workspace_id, created_at);
CREATE INDEX chat_searches_chat ON chat_searches (chat_id);

-- The reply an HTTP engine sent for a chat, zlib-compressed, so that `tracker reextract`
-- can read it again when the extraction rules improve. kind names its parser.
CREATE TABLE chat_replies (
    chat_id      INTEGER PRIMARY KEY REFERENCES chats (id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    reply        BLOB NOT NULL
) STRICT;

-- A workspace's switch for one of the server's engines (no row: enabled).
CREATE TABLE workspace_engines (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    engine       TEXT NOT NULL,
    enabled      INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (workspace_id, engine)
) STRICT, WITHOUT ROWID;

-- Calls made to each engine per UTC day, for --engine-daily-limit.
CREATE TABLE engine_calls (
    engine TEXT NOT NULL,
    day    TEXT NOT NULL,
    calls  INTEGER NOT NULL,
    PRIMARY KEY (engine, day)
) STRICT, WITHOUT ROWID;

-- How each engine's latest call for a workspace's runs went, so that a failing engine is
-- seen (GET /engines, the dashboard's banner, /healthz). One row per workspace and
-- engine, written in the transaction that ends the run's attempt. failures_today counts
-- the failed calls of the UTC day failures_day.
CREATE TABLE engine_outcomes (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    engine          TEXT NOT NULL,
    last_call_at    TEXT NOT NULL,
    last_outcome    TEXT NOT NULL CHECK (last_outcome IN ('succeeded', 'failed')),
    last_success_at TEXT,
    last_error      TEXT,
    last_error_at   TEXT,
    failures_day    TEXT NOT NULL,
    failures_today  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, engine)
) STRICT, WITHOUT ROWID;
-- /healthz: each engine's latest call over every workspace, and those of the last hour.
CREATE INDEX engine_outcomes_latest ON engine_outcomes (engine, last_call_at);

-- A workspace's category for a domain (or host), over the curated list and its brands'.
CREATE TABLE source_categories (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    domain       TEXT NOT NULL,
    category     TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (workspace_id, domain)
) STRICT, WITHOUT ROWID;

-- The names a chat's answer recommends (list items and bold names), tracked or not:
-- GET /analytics/discovered-brands lists those no brand of the workspace is named as.
CREATE TABLE chat_names (
    id           INTEGER PRIMARY KEY,
    chat_id      INTEGER NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    engine       TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,  -- casefold(name)
    mentions     INTEGER NOT NULL
) STRICT;

CREATE INDEX chat_names_window ON chat_names (workspace_id, created_at);
CREATE INDEX chat_names_chat ON chat_names (chat_id);

-- Rollups for the answer-intelligence lists, kept by the triggers below as the daily ones
-- above are. A chat's stored facts say what they were when last worked out: the category
-- of each source (chat_sources.category) and whether it names an own or a competitor
-- brand (chats.own_named, competitor_named). Brand and override changes work them out
-- again in the background (brand_refresh); until that is done, reads work every figure
-- out from the per-chat rows.
CREATE INDEX chat_names_key ON chat_names (workspace_id, name_key, created_at);

CREATE TABLE daily_names (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    mentions     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, name_key)
) STRICT, WITHOUT ROWID;

-- As daily_domains, per category: a chat counts once however many of its pages are in it.
CREATE TABLE daily_categories (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day             TEXT NOT NULL,
    engine          TEXT NOT NULL,
    category        TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    chats           INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, category)
) STRICT, WITHOUT ROWID;

-- The domains cited by gap chats (naming a competitor and no own brand), and per domain
-- every brand those chats name (the read keeps the active competitors).
CREATE TABLE daily_gap_domains (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    domain       TEXT NOT NULL,
    citations    INTEGER NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, domain)
) STRICT, WITHOUT ROWID;

CREATE TABLE daily_gap_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    domain       TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, domain, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chat_names_daily_insert AFTER INSERT ON chat_names BEGIN
    INSERT INTO daily_names (workspace_id, day, engine, name_key, chats, mentions)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.name_key, 1,
            new.mentions)
    ON CONFLICT (workspace_id, day, engine, name_key) DO UPDATE SET
        chats = chats + 1, mentions = mentions + excluded.mentions;
END;

CREATE TRIGGER chat_names_daily_delete AFTER DELETE ON chat_names BEGIN
    UPDATE daily_names SET chats = chats - 1, mentions = mentions - old.mentions
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND name_key = old.name_key;
END;

-- A name of a truncated chat: one seek of its chat, as the truncated chats' brand rows pay.
CREATE TRIGGER chat_names_truncated_insert AFTER INSERT ON chat_names
WHEN (SELECT truncated FROM chats WHERE id = new.chat_id) BEGIN
    INSERT INTO truncated_daily_names (workspace_id, day, engine, name_key, chats, mentions)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.name_key, 1,
            new.mentions)
    ON CONFLICT (workspace_id, day, engine, name_key) DO UPDATE SET
        chats = chats + 1, mentions = mentions + excluded.mentions;
END;

CREATE TRIGGER chat_names_truncated_delete AFTER DELETE ON chat_names
WHEN (SELECT truncated FROM chats WHERE id = old.chat_id) BEGIN
    UPDATE truncated_daily_names SET chats = chats - 1, mentions = mentions - old.mentions
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND name_key = old.name_key;
END;

-- The names per location and day (issue 43): a location's discovered names on the days at a
-- window's edges, where its weekly group rows (group_weekly_names) do not answer, were read
-- from its chats, growing with them. A name of a chat asked from a location adds to its row
-- (a seek of the chat, as for a truncated chat's); a chat that goes takes its names off
-- before its cascade deletes them, when it can no longer be found.
CREATE TABLE location_daily_names (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    location     TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    mentions     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, location, day, engine, name_key)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chat_names_location_insert AFTER INSERT ON chat_names BEGIN
    INSERT INTO location_daily_names (workspace_id, location, day, engine, name_key, chats,
                                      mentions)
    SELECT new.workspace_id, c.location, substr(new.created_at, 1, 10), new.engine,
           new.name_key, 1, new.mentions
    FROM chats c WHERE c.id = new.chat_id AND c.location IS NOT NULL
    ON CONFLICT (workspace_id, location, day, engine, name_key) DO UPDATE SET
        chats = chats + 1, mentions = mentions + excluded.mentions;
END;

CREATE TRIGGER chat_names_location_delete AFTER DELETE ON chat_names BEGIN
    UPDATE location_daily_names SET chats = location_daily_names.chats - 1,
        mentions = location_daily_names.mentions - old.mentions
    FROM chats c
    WHERE c.id = old.chat_id AND location_daily_names.workspace_id = old.workspace_id
      AND location_daily_names.location = c.location
      AND location_daily_names.day = substr(old.created_at, 1, 10)
      AND location_daily_names.engine = old.engine
      AND location_daily_names.name_key = old.name_key;
END;

CREATE TRIGGER chats_location_names_delete BEFORE DELETE ON chats
WHEN old.location IS NOT NULL BEGIN
    UPDATE location_daily_names SET chats = location_daily_names.chats - 1,
        mentions = location_daily_names.mentions - x.mentions
    FROM chat_names x
    WHERE x.chat_id = old.id AND location_daily_names.workspace_id = old.workspace_id
      AND location_daily_names.location = old.location
      AND location_daily_names.day = substr(old.created_at, 1, 10)
      AND location_daily_names.engine = old.engine
      AND location_daily_names.name_key = x.name_key;
END;

-- Its categories' sums, with one look-up as in chat_sources_daily_insert.
CREATE TRIGGER chat_sources_category_insert AFTER INSERT ON chat_sources
WHEN new.category IS NOT NULL BEGIN
    INSERT INTO daily_categories (workspace_id, day, engine, category, citations, chats,
                                  retrieved_chats)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.category, new.cited,
           new.cited AND o.cited IS NOT 1, o.cited IS NULL
    FROM (SELECT max(cited) AS cited FROM chat_sources WHERE chat_id = new.chat_id
          AND category = new.category AND id <> new.id) o WHERE true
    ON CONFLICT (workspace_id, day, engine, category) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
END;

-- A source's category changing is its row leaving the old category and joining the new.
CREATE TRIGGER chat_sources_category_update AFTER UPDATE OF category ON chat_sources
WHEN new.category IS NOT old.category BEGIN
    UPDATE daily_categories SET citations = citations - old.cited,
        chats = chats - (old.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o
                         WHERE o.chat_id = old.chat_id AND o.category = old.category AND o.cited)),
        retrieved_chats = retrieved_chats - NOT EXISTS (SELECT 1 FROM chat_sources o
                          WHERE o.chat_id = old.chat_id AND o.category = old.category)
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND category = old.category;
    INSERT INTO daily_categories (workspace_id, day, engine, category, citations, chats,
                                  retrieved_chats)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.category, new.cited,
           new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                     AND o.category = new.category AND o.id <> new.id AND o.cited),
           NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                       AND o.category = new.category AND o.id <> new.id)
    WHERE new.category IS NOT NULL
    ON CONFLICT (workspace_id, day, engine, category) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
END;

CREATE TRIGGER chat_sources_category_delete AFTER DELETE ON chat_sources
WHEN old.category IS NOT NULL BEGIN
    UPDATE daily_categories SET citations = citations - old.cited,
        chats = chats - (old.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o
                         WHERE o.chat_id = old.chat_id AND o.category = old.category AND o.cited)),
        retrieved_chats = retrieved_chats - NOT EXISTS (SELECT 1 FROM chat_sources o
                          WHERE o.chat_id = old.chat_id AND o.category = old.category)
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND category = old.category;
END;

-- A chat's flags are set once its sources and brand rows are written, and cleared before
-- they are rewritten (write_chat_brands): a gap chat joins the gap rollups with the rows it
-- has then, and leaves with the same.
CREATE TRIGGER chats_named_update AFTER UPDATE OF own_named, competitor_named ON chats
WHEN new.own_named IS NOT old.own_named OR new.competitor_named IS NOT old.competitor_named BEGIN
    UPDATE prompt_daily_chats SET own_chats = own_chats + new.own_named - old.own_named,
        competitor_chats = competitor_chats + new.competitor_named - old.competitor_named
    WHERE workspace_id = new.workspace_id AND prompt_id = new.prompt_id
      AND day = substr(new.created_at, 1, 10) AND engine = new.engine;
    UPDATE prompt_weekly_chats SET own_chats = own_chats + new.own_named - old.own_named,
        competitor_chats = competitor_chats + new.competitor_named - old.competitor_named
    WHERE workspace_id = new.workspace_id AND prompt_id = new.prompt_id
      AND day = date(new.created_at, '-6 days', 'weekday 1') AND engine = new.engine;
END;

CREATE TRIGGER chats_gap_leave AFTER UPDATE OF own_named, competitor_named ON chats
WHEN old.competitor_named AND NOT old.own_named BEGIN
    UPDATE daily_gap_domains SET citations = daily_gap_domains.citations - s.citations,
        chats = daily_gap_domains.chats - 1
    FROM (SELECT domain, count(*) AS citations FROM chat_sources
          WHERE chat_id = old.id AND cited GROUP BY domain) s
    WHERE daily_gap_domains.workspace_id = old.workspace_id
      AND daily_gap_domains.day = substr(old.created_at, 1, 10)
      AND daily_gap_domains.engine = old.engine AND daily_gap_domains.domain = s.domain;
    UPDATE daily_gap_brands SET chats = daily_gap_brands.chats - 1
    FROM (SELECT DISTINCT s.domain, b.brand_id FROM chat_sources s
          JOIN chat_brands b ON b.chat_id = s.chat_id AND b.position IS NOT NULL
          WHERE s.chat_id = old.id AND s.cited) g
    WHERE daily_gap_brands.workspace_id = old.workspace_id AND daily_gap_brands.domain = g.domain
      AND daily_gap_brands.day = substr(old.created_at, 1, 10)
      AND daily_gap_brands.engine = old.engine AND daily_gap_brands.brand_id = g.brand_id;
END;

CREATE TRIGGER chats_gap_join AFTER UPDATE OF own_named, competitor_named ON chats
WHEN new.competitor_named AND NOT new.own_named BEGIN
    INSERT INTO daily_gap_domains (workspace_id, day, engine, domain, citations, chats)
    SELECT new.workspace_id, substr(new.created_at, 1, 10), new.engine, domain, count(*), 1
    FROM chat_sources WHERE chat_id = new.id AND cited GROUP BY domain
    ON CONFLICT (workspace_id, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + 1;
    INSERT INTO daily_gap_brands (workspace_id, domain, day, engine, brand_id, chats)
    SELECT DISTINCT new.workspace_id, s.domain, substr(new.created_at, 1, 10), new.engine,
           b.brand_id, 1
    FROM chat_sources s JOIN chat_brands b ON b.chat_id = s.chat_id AND b.position IS NOT NULL
    WHERE s.chat_id = new.id AND s.cited
    ON CONFLICT (workspace_id, domain, day, engine, brand_id) DO UPDATE SET chats = chats + 1;
END;

-- A chat deleted takes its flags off, and a gap chat leaves the gap rollups as in
-- chats_gap_leave (its rows are still there before it goes), written out again: a BEFORE
-- DELETE trigger must not update the row being deleted, so it cannot clear the flags.
CREATE TRIGGER chats_named_delete BEFORE DELETE ON chats
WHEN old.own_named OR old.competitor_named BEGIN
    UPDATE prompt_daily_chats SET own_chats = own_chats - old.own_named,
        competitor_chats = competitor_chats - old.competitor_named
    WHERE workspace_id = old.workspace_id AND prompt_id = old.prompt_id
      AND day = substr(old.created_at, 1, 10) AND engine = old.engine;
    UPDATE prompt_weekly_chats SET own_chats = own_chats - old.own_named,
        competitor_chats = competitor_chats - old.competitor_named
    WHERE workspace_id = old.workspace_id AND prompt_id = old.prompt_id
      AND day = date(old.created_at, '-6 days', 'weekday 1') AND engine = old.engine;
END;

CREATE TRIGGER chats_gap_delete BEFORE DELETE ON chats
WHEN old.competitor_named AND NOT old.own_named BEGIN
    UPDATE daily_gap_domains SET citations = daily_gap_domains.citations - s.citations,
        chats = daily_gap_domains.chats - 1
    FROM (SELECT domain, count(*) AS citations FROM chat_sources
          WHERE chat_id = old.id AND cited GROUP BY domain) s
    WHERE daily_gap_domains.workspace_id = old.workspace_id
      AND daily_gap_domains.day = substr(old.created_at, 1, 10)
      AND daily_gap_domains.engine = old.engine AND daily_gap_domains.domain = s.domain;
    UPDATE daily_gap_brands SET chats = daily_gap_brands.chats - 1
    FROM (SELECT DISTINCT s.domain, b.brand_id FROM chat_sources s
          JOIN chat_brands b ON b.chat_id = s.chat_id AND b.position IS NOT NULL
          WHERE s.chat_id = old.id AND s.cited) g
    WHERE daily_gap_brands.workspace_id = old.workspace_id AND daily_gap_brands.domain = g.domain
      AND daily_gap_brands.day = substr(old.created_at, 1, 10)
      AND daily_gap_brands.engine = old.engine AND daily_gap_brands.brand_id = g.brand_id;
END;

-- Weekly rollups per group of chats, for the sources, categories and discovered-brands
-- lists: a topic ("topic 3") or a tag ("tag 7") groups its prompts' chats, a location
-- ("location DE") the chats asked from it, the prompts naming a tracked brand ("branded 1"),
-- one of those and a location ("topic 3 location DE") the chats they share, and "all" every
-- chat (whole weeks of a long window without filters). The prompts naming none ("branded 0"
-- in prompt_groups) have no weekly group rows: every prompt is in one of the two branded
-- groups, so theirs are "all" less "branded 1" (scope_parts), and a chat of theirs, most
-- chats, is counted in one group fewer, which made storing it dearer (issue 43). Weeks start
-- on Monday; the days at a window's ends come from the daily rollups, or the per-chat rows.
-- prompt_groups says which topic and tag groups a prompt's chats are counted in. A prompt
-- that changes topic or tags while it has chats is listed in prompt_regroup, and the
-- worker moves its sums (regroup_prompt); until then the topic and tag rollups of its
-- workspace are not read. A prompt without chats moves at once.
CREATE TABLE prompt_groups (
    prompt_id INTEGER NOT NULL,
    group_key TEXT NOT NULL,
    PRIMARY KEY (prompt_id, group_key)
) STRICT, WITHOUT ROWID;

CREATE TABLE prompt_regroup (
    prompt_id    INTEGER PRIMARY KEY,
    workspace_id INTEGER NOT NULL
) STRICT;

CREATE INDEX prompt_regroup_workspace ON prompt_regroup (workspace_id);

-- The groups a prompt is in now, and those each chat is counted in. Every prompt is in
-- "branded 1" or "branded 0" (prompts.branded).
CREATE VIEW prompt_group_keys AS
    SELECT id AS prompt_id, 'topic ' || topic_id AS group_key FROM prompts
    WHERE topic_id IS NOT NULL
    UNION ALL
    SELECT prompt_id, 'tag ' || tag_id FROM prompt_tags
    UNION ALL
    SELECT id, 'branded ' || branded FROM prompts;

-- A chat is counted in its prompt's groups but "branded 0", in its location's, in each of
-- those with its location, and in "all": groups that follow from its prompt and location
-- alone. prompt_location_groups keeps them for each prompt and location its chats were
-- asked from ('' for none: no location is empty, the API takes "" for none), so that the
-- view reads a chat once and its groups with one seek, where reading prompt_groups took
-- four looks at the chat and two seeks, for each source and name a chat stores (issue 43).
-- Its rows follow prompt_groups (its triggers), and a chat of a pair it has none for adds
-- them; a pair whose chats are gone keeps its rows (a few a prompt and location) until the
-- prompt goes.
CREATE TABLE prompt_location_groups (
    prompt_id INTEGER NOT NULL,
    location  TEXT NOT NULL,
    group_key TEXT NOT NULL,
    PRIMARY KEY (prompt_id, location, group_key)
) STRICT, WITHOUT ROWID;

CREATE VIEW chat_groups AS
    SELECT c.id AS chat_id, g.group_key FROM chats c JOIN prompt_location_groups g
    ON g.prompt_id = c.prompt_id AND g.location = ifnull(c.location, '');

CREATE TRIGGER chats_location_groups_insert AFTER INSERT ON chats
WHEN NOT EXISTS (SELECT 1 FROM prompt_location_groups WHERE prompt_id = new.prompt_id
                 AND location = ifnull(new.location, '') AND group_key = 'all') BEGIN
    INSERT INTO prompt_location_groups (prompt_id, location, group_key)
    SELECT new.prompt_id, ifnull(new.location, ''), 'all'
    UNION ALL
    SELECT new.prompt_id, new.location, 'location ' || new.location WHERE new.location <> ''
    UNION ALL
    SELECT new.prompt_id, ifnull(new.location, ''), g.group_key || k.suffix
    FROM prompt_groups g CROSS JOIN (SELECT '' AS suffix UNION ALL
        SELECT ' location ' || new.location WHERE new.location <> '') k
    WHERE g.prompt_id = new.prompt_id AND g.group_key <> 'branded 0';
END;

-- A group the prompt joins or leaves, with each location it has rows for (each has "all").
CREATE TRIGGER prompt_groups_located_insert AFTER INSERT ON prompt_groups
WHEN new.group_key <> 'branded 0' BEGIN
    INSERT INTO prompt_location_groups (prompt_id, location, group_key)
    SELECT new.prompt_id, location, new.group_key FROM prompt_location_groups
    WHERE prompt_id = new.prompt_id AND group_key = 'all'
    UNION ALL
    SELECT new.prompt_id, location, new.group_key || ' location ' || location
    FROM prompt_location_groups WHERE prompt_id = new.prompt_id AND group_key = 'all'
    AND location <> '';
END;

CREATE TRIGGER prompt_groups_located_delete AFTER DELETE ON prompt_groups
WHEN old.group_key <> 'branded 0' BEGIN
    DELETE FROM prompt_location_groups WHERE prompt_id = old.prompt_id
    AND (group_key = old.group_key OR group_key = old.group_key || ' location ' || location);
END;

CREATE TABLE group_weekly_domains (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key       TEXT NOT NULL,
    day             TEXT NOT NULL,
    engine          TEXT NOT NULL,
    domain          TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    chats           INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, day, engine, domain)
) STRICT, WITHOUT ROWID;

CREATE TABLE group_weekly_categories (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key       TEXT NOT NULL,
    day             TEXT NOT NULL,
    engine          TEXT NOT NULL,
    category        TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    chats           INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, day, engine, category)
) STRICT, WITHOUT ROWID;

CREATE TABLE group_weekly_names (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key    TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    mentions     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, day, engine, name_key)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER prompts_group_insert AFTER INSERT ON prompts BEGIN
    INSERT INTO prompt_regroup (prompt_id, workspace_id) VALUES (new.id, new.workspace_id);
END;

CREATE TRIGGER prompts_group_update AFTER UPDATE OF topic_id, branded ON prompts
WHEN new.topic_id IS NOT old.topic_id OR new.branded IS NOT old.branded BEGIN
    INSERT INTO prompt_regroup (prompt_id, workspace_id) SELECT new.id, new.workspace_id
    WHERE NOT EXISTS (SELECT 1 FROM prompt_regroup WHERE prompt_id = new.id);
END;

-- A prompt deleted has had its chats deleted (the cascade runs before this trigger).
CREATE TRIGGER prompts_group_delete AFTER DELETE ON prompts BEGIN
    DELETE FROM prompt_groups WHERE prompt_id = old.id;
    DELETE FROM prompt_location_groups WHERE prompt_id = old.id;
    DELETE FROM prompt_regroup WHERE prompt_id = old.id;
END;

-- A tag added to or taken from a prompt without chats moves that one group row at once
-- (the prompt's groups made again, as prompt_regroup_at_once does, cost a PATCH of 3 tags
-- 12 % of its instructions, made 6 times); a prompt with chats is listed for the worker, and
-- one listed already waits for it.
CREATE TRIGGER prompt_tags_group_insert AFTER INSERT ON prompt_tags
WHEN NOT EXISTS (SELECT 1 FROM prompt_regroup WHERE prompt_id = new.prompt_id) BEGIN
    INSERT INTO prompt_regroup (prompt_id, workspace_id)
    SELECT id, workspace_id FROM prompts WHERE id = new.prompt_id
    AND EXISTS (SELECT 1 FROM chats WHERE prompt_id = new.prompt_id);
    INSERT OR IGNORE INTO prompt_groups (prompt_id, group_key)
    SELECT new.prompt_id, 'tag ' || new.tag_id
    WHERE NOT EXISTS (SELECT 1 FROM prompt_regroup WHERE prompt_id = new.prompt_id);
END;

CREATE TRIGGER prompt_tags_group_delete AFTER DELETE ON prompt_tags
WHEN NOT EXISTS (SELECT 1 FROM prompt_regroup WHERE prompt_id = old.prompt_id) BEGIN
    INSERT INTO prompt_regroup (prompt_id, workspace_id)
    SELECT id, workspace_id FROM prompts WHERE id = old.prompt_id
    AND EXISTS (SELECT 1 FROM chats WHERE prompt_id = old.prompt_id);
    DELETE FROM prompt_groups WHERE prompt_id = old.prompt_id AND group_key = 'tag ' || old.tag_id
    AND NOT EXISTS (SELECT 1 FROM prompt_regroup WHERE prompt_id = old.prompt_id);
END;

CREATE TRIGGER prompt_regroup_at_once AFTER INSERT ON prompt_regroup
WHEN NOT EXISTS (SELECT 1 FROM chats WHERE prompt_id = new.prompt_id) BEGIN
    DELETE FROM prompt_groups WHERE prompt_id = new.prompt_id;
    INSERT INTO prompt_groups (prompt_id, group_key)
    SELECT prompt_id, group_key FROM prompt_group_keys WHERE prompt_id = new.prompt_id;
    DELETE FROM prompt_regroup WHERE prompt_id = new.prompt_id;
END;

-- The chat counts and brand sums of the prompts naming a tracked brand, and of the others
-- ("branded 1", "branded 0"), per day: a branded filter reads these rows (a year: 365 days
-- x engines x brands) instead of every branded prompt's. They follow the per-prompt daily
-- rollups through the prompt's branded group in prompt_groups, so a prompt whose flag
-- changed is moved with the other group rollups (regroup_prompt); until then its old
-- group keeps counting it.
CREATE TABLE branded_daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key    TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    shown        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, day, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE branded_daily_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key    TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    mentioned    INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    cited        INTEGER NOT NULL,
    sentiment_sum REAL NOT NULL,
    sentiment_scored INTEGER NOT NULL,
    positive     INTEGER NOT NULL,
    neutral      INTEGER NOT NULL,
    negative     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER prompt_daily_chats_branded_insert AFTER INSERT ON prompt_daily_chats BEGIN
    INSERT INTO branded_daily_chats (workspace_id, group_key, day, engine, chats, shown)
    SELECT new.workspace_id, g.group_key, new.day, new.engine, new.chats, new.shown
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, day, engine) DO UPDATE SET
        chats = chats + excluded.chats, shown = shown + excluded.shown;
END;

CREATE TRIGGER prompt_daily_chats_branded_update AFTER UPDATE OF chats, shown ON prompt_daily_chats
BEGIN
    INSERT INTO branded_daily_chats (workspace_id, group_key, day, engine, chats, shown)
    SELECT new.workspace_id, g.group_key, new.day, new.engine, new.chats - old.chats,
           new.shown - old.shown
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, day, engine) DO UPDATE SET
        chats = chats + excluded.chats, shown = shown + excluded.shown;
END;

CREATE TRIGGER prompt_daily_brands_branded_insert AFTER INSERT ON prompt_daily_brands BEGIN
    INSERT INTO branded_daily_brands (workspace_id, group_key, day, engine, brand_id, mentioned,
                                      position_sum, cited, sentiment_sum, sentiment_scored,
                                      positive, neutral, negative)
    SELECT new.workspace_id, g.group_key, new.day, new.engine, new.brand_id, new.mentioned,
           new.position_sum, new.cited, new.sentiment_sum, new.sentiment_scored, new.positive,
           new.neutral, new.negative
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

CREATE TRIGGER prompt_daily_brands_branded_update AFTER UPDATE ON prompt_daily_brands BEGIN
    INSERT INTO branded_daily_brands (workspace_id, group_key, day, engine, brand_id, mentioned,
                                      position_sum, cited, sentiment_sum, sentiment_scored,
                                      positive, neutral, negative)
    SELECT new.workspace_id, g.group_key, new.day, new.engine, new.brand_id,
           new.mentioned - old.mentioned, new.position_sum - old.position_sum,
           new.cited - old.cited, new.sentiment_sum - old.sentiment_sum,
           new.sentiment_scored - old.sentiment_scored, new.positive - old.positive,
           new.neutral - old.neutral, new.negative - old.negative
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

-- The sources of the prompts naming a tracked brand ("branded 1") per day, as
-- group_weekly_domains keeps them per week: the whole days at a year's ends of a branded
-- list, and of an unbranded one ("all" less "branded 1": scope_parts), are read here rather
-- than from those prompts' chats. Only "branded 1": the others' sources stay every chat's
-- less these, so a chat of a prompt naming no brand, most chats, pays a seek of its chat
-- and of its prompt's "branded 1" group per source and nothing more. The chat_sources and
-- chats group triggers keep it through the chat's prompt's group in prompt_groups (a
-- prompt whose flag changed is moved by regroup_prompt, as the other group rollups are).
CREATE TABLE branded_daily_domains (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key       TEXT NOT NULL,
    day             TEXT NOT NULL,
    engine          TEXT NOT NULL,
    domain          TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    chats           INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, day, engine, domain)
) STRICT, WITHOUT ROWID;

-- The same sums per topic or tag group ("topic 3", "tag 7") and day: a topic's or tag's
-- rankings and overview read its rows for whole days (a year: 365 days x engines x brands)
-- instead of each of its prompts' rows, and its daily series too. They follow the per-prompt
-- daily rollups through the topic and tag groups in prompt_groups, as the branded groups'
-- do (every path that changes a prompt's daily sums, a chat or a brand row stored,
-- rewritten or deleted, changes these by the same amounts), and a prompt that changed topic
-- or tags is moved with the other group rollups (regroup_prompt). The branded groups have
-- the rollups above, the locations theirs: a chat is counted here in its prompt's topic and
-- tags only.
CREATE TABLE group_daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key    TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    shown        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, day, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE group_daily_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key    TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    mentioned    INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    cited        INTEGER NOT NULL,
    sentiment_sum REAL NOT NULL,
    sentiment_scored INTEGER NOT NULL,
    positive     INTEGER NOT NULL,
    neutral      INTEGER NOT NULL,
    negative     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER prompt_daily_chats_group_insert AFTER INSERT ON prompt_daily_chats BEGIN
    INSERT INTO group_daily_chats (workspace_id, group_key, day, engine, chats, shown)
    SELECT new.workspace_id, g.group_key, new.day, new.engine, new.chats, new.shown
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key NOT IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, day, engine) DO UPDATE SET
        chats = chats + excluded.chats, shown = shown + excluded.shown;
END;

CREATE TRIGGER prompt_daily_chats_group_update AFTER UPDATE OF chats, shown ON prompt_daily_chats
BEGIN
    INSERT INTO group_daily_chats (workspace_id, group_key, day, engine, chats, shown)
    SELECT new.workspace_id, g.group_key, new.day, new.engine, new.chats - old.chats,
           new.shown - old.shown
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key NOT IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, day, engine) DO UPDATE SET
        chats = chats + excluded.chats, shown = shown + excluded.shown;
END;

CREATE TRIGGER prompt_daily_brands_group_insert AFTER INSERT ON prompt_daily_brands BEGIN
    INSERT INTO group_daily_brands (workspace_id, group_key, day, engine, brand_id, mentioned,
                                     position_sum, cited, sentiment_sum, sentiment_scored,
                                     positive, neutral, negative)
    SELECT new.workspace_id, g.group_key, new.day, new.engine, new.brand_id, new.mentioned,
           new.position_sum, new.cited, new.sentiment_sum, new.sentiment_scored, new.positive,
           new.neutral, new.negative
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key NOT IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

CREATE TRIGGER prompt_daily_brands_group_update AFTER UPDATE ON prompt_daily_brands BEGIN
    INSERT INTO group_daily_brands (workspace_id, group_key, day, engine, brand_id, mentioned,
                                     position_sum, cited, sentiment_sum, sentiment_scored,
                                     positive, neutral, negative)
    SELECT new.workspace_id, g.group_key, new.day, new.engine, new.brand_id,
           new.mentioned - old.mentioned, new.position_sum - old.position_sum,
           new.cited - old.cited, new.sentiment_sum - old.sentiment_sum,
           new.sentiment_scored - old.sentiment_scored, new.positive - old.positive,
           new.neutral - old.neutral, new.negative - old.negative
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key NOT IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

-- The prompt list's figures kept per prompt (issue 43): the dashboard's list sorted by
-- visibility, answer rate or change reads one row per prompt, not its two windows of daily
-- rows. A row holds the sums of the prompt's prompt_daily_chats over the days of its
-- window (window_start to window_end, tomorrow, excluded) and of the one before it
-- (window_previous to window_start), PROMPT_LIST_DAYS each; the triggers below add every
-- change of a daily row whose day is in them, whatever path made it (a chat stored or
-- deleted, a brand refresh, a re-extraction). Each row has its own windows, so that the
-- worker counts a workspace's prompts again for the next day's in batches
-- (recount_prompt_list). prompt_list_windows holds a workspace's windows once every one of
-- its prompts is counted for them (a prompt without a row has no daily row in them): the
-- list reads the kept figures only while it holds the day's, and computes them otherwise.
CREATE TABLE prompt_list_figures (
    workspace_id       INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id          INTEGER NOT NULL,
    window_previous    TEXT NOT NULL,
    window_start       TEXT NOT NULL,
    window_end         TEXT NOT NULL,
    chats              INTEGER NOT NULL,
    own_chats          INTEGER NOT NULL,
    shown              INTEGER NOT NULL,
    previous_chats     INTEGER NOT NULL,  -- of the window before
    previous_own_chats INTEGER NOT NULL,
    earlier_chats      INTEGER NOT NULL,  -- of the window before less its last day
    PRIMARY KEY (workspace_id, prompt_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE prompt_list_windows (
    workspace_id    INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    window_previous TEXT NOT NULL,
    window_start    TEXT NOT NULL,
    window_end      TEXT NOT NULL
) STRICT;

-- A prompt's first daily row while its workspace's windows are kept gives it a row of them.
CREATE TRIGGER prompt_daily_chats_listed_insert AFTER INSERT ON prompt_daily_chats BEGIN
    INSERT INTO prompt_list_figures (workspace_id, prompt_id, window_previous, window_start,
                                     window_end, chats, own_chats, shown, previous_chats,
                                     previous_own_chats, earlier_chats)
    SELECT workspace_id, new.prompt_id, window_previous, window_start, window_end, 0, 0, 0, 0, 0, 0
    FROM prompt_list_windows WHERE workspace_id = new.workspace_id
    ON CONFLICT (workspace_id, prompt_id) DO NOTHING;
    UPDATE prompt_list_figures SET
        chats = chats + iif(new.day >= window_start, new.chats, 0),
        own_chats = own_chats + iif(new.day >= window_start, new.own_chats, 0),
        shown = shown + iif(new.day >= window_start, new.shown, 0),
        previous_chats = previous_chats + iif(new.day < window_start, new.chats, 0),
        previous_own_chats = previous_own_chats + iif(new.day < window_start, new.own_chats, 0),
        earlier_chats = earlier_chats + iif(new.day < date(window_start, '-1 day'), new.chats, 0)
    WHERE workspace_id = new.workspace_id AND prompt_id = new.prompt_id
      AND new.day >= window_previous AND new.day < window_end;
END;

CREATE TRIGGER prompt_daily_chats_listed_update AFTER UPDATE OF chats, own_chats, shown
ON prompt_daily_chats
WHEN new.chats IS NOT old.chats OR new.own_chats IS NOT old.own_chats
     OR new.shown IS NOT old.shown BEGIN
    UPDATE prompt_list_figures SET
        chats = chats + iif(new.day >= window_start, new.chats - old.chats, 0),
        own_chats = own_chats + iif(new.day >= window_start, new.own_chats - old.own_chats, 0),
        shown = shown + iif(new.day >= window_start, new.shown - old.shown, 0),
        previous_chats = previous_chats + iif(new.day < window_start, new.chats - old.chats, 0),
        previous_own_chats = previous_own_chats
            + iif(new.day < window_start, new.own_chats - old.own_chats, 0),
        earlier_chats = earlier_chats
            + iif(new.day < date(window_start, '-1 day'), new.chats - old.chats, 0)
    WHERE workspace_id = new.workspace_id AND prompt_id = new.prompt_id
      AND new.day >= window_previous AND new.day < window_end;
END;

-- The kept figures' chats per engine too (issue 43), counted with them for the current window
-- alone: the analytics with an engine tell a prompt asked there in the last 30 days from a row
-- of a small table instead of a seek into its daily rows (prompts_in_scope). A row's chats
-- never exceed the window's (a prompt's first daily row of an engine made while its
-- workspace's windows are being counted again adds no row): a row of chats says the prompt
-- has some, none says nothing. Rows of an engine no longer asked keep their old window.
CREATE TABLE prompt_engine_figures (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    engine       TEXT NOT NULL,
    window_start TEXT NOT NULL,
    window_end   TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, prompt_id, engine)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER prompt_daily_chats_engines_insert AFTER INSERT ON prompt_daily_chats BEGIN
    INSERT INTO prompt_engine_figures (workspace_id, prompt_id, engine, window_start,
                                       window_end, chats)
    SELECT workspace_id, new.prompt_id, new.engine, window_start, window_end,
           iif(new.day >= window_start AND new.day < window_end, new.chats, 0)
    FROM prompt_list_windows WHERE workspace_id = new.workspace_id
    ON CONFLICT (workspace_id, prompt_id, engine) DO UPDATE SET
        chats = chats + iif(new.day >= window_start AND new.day < window_end, new.chats, 0);
END;

CREATE TRIGGER prompt_daily_chats_engines_update AFTER UPDATE OF chats ON prompt_daily_chats
WHEN new.chats IS NOT old.chats BEGIN
    UPDATE prompt_engine_figures SET chats = chats + new.chats - old.chats
    WHERE workspace_id = new.workspace_id AND prompt_id = new.prompt_id AND engine = new.engine
      AND new.day >= window_start AND new.day < window_end;
END;

CREATE TRIGGER prompts_listed_delete AFTER DELETE ON prompts BEGIN
    DELETE FROM prompt_list_figures WHERE workspace_id = old.workspace_id AND prompt_id = old.id;
    DELETE FROM prompt_engine_figures WHERE workspace_id = old.workspace_id AND prompt_id = old.id;
END;

CREATE TRIGGER chat_sources_group_insert AFTER INSERT ON chat_sources BEGIN
    INSERT INTO group_weekly_domains (workspace_id, group_key, day, engine, domain, citations,
                                      chats, retrieved_chats)
    SELECT new.workspace_id, g.group_key, date(new.created_at, '-6 days', 'weekday 1'),
           new.engine, new.domain, new.cited,
           new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                     AND o.domain = new.domain AND o.id <> new.id AND o.cited),
           NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                       AND o.domain = new.domain AND o.id <> new.id)
    FROM chat_groups g WHERE g.chat_id = new.chat_id
    ON CONFLICT (workspace_id, group_key, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
    INSERT INTO branded_daily_domains (workspace_id, group_key, day, engine, domain, citations,
                                       chats, retrieved_chats)
    SELECT new.workspace_id, g.group_key, substr(new.created_at, 1, 10), new.engine,
           new.domain, new.cited,
           new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                     AND o.domain = new.domain AND o.id <> new.id AND o.cited),
           NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                       AND o.domain = new.domain AND o.id <> new.id)
    FROM chats c JOIN prompt_groups g ON g.prompt_id = c.prompt_id AND g.group_key = 'branded 1'
    WHERE c.id = new.chat_id
    ON CONFLICT (workspace_id, group_key, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
    INSERT INTO group_weekly_categories (workspace_id, group_key, day, engine, category,
                                         citations, chats, retrieved_chats)
    SELECT new.workspace_id, g.group_key, date(new.created_at, '-6 days', 'weekday 1'),
           new.engine, new.category, new.cited,
           new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                     AND o.category = new.category AND o.id <> new.id AND o.cited),
           NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                       AND o.category = new.category AND o.id <> new.id)
    FROM chat_groups g WHERE g.chat_id = new.chat_id AND new.category IS NOT NULL
    ON CONFLICT (workspace_id, group_key, day, engine, category) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
END;

-- Only while the chat is there (a source rewritten or recategorised): a chat deleted takes
-- its rows off before it goes (chats_group_delete).
CREATE TRIGGER chat_sources_group_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE group_weekly_domains SET citations = group_weekly_domains.citations - old.cited,
        chats = group_weekly_domains.chats - (old.cited AND NOT EXISTS (
            SELECT 1 FROM chat_sources o
            WHERE o.chat_id = old.chat_id AND o.domain = old.domain AND o.cited)),
        retrieved_chats = group_weekly_domains.retrieved_chats - NOT EXISTS (
            SELECT 1 FROM chat_sources o WHERE o.chat_id = old.chat_id AND o.domain = old.domain)
    FROM chat_groups g
    WHERE g.chat_id = old.chat_id AND group_weekly_domains.workspace_id = old.workspace_id
      AND group_weekly_domains.group_key = g.group_key
      AND group_weekly_domains.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_domains.engine = old.engine AND group_weekly_domains.domain = old.domain;
    UPDATE branded_daily_domains SET citations = branded_daily_domains.citations - old.cited,
        chats = branded_daily_domains.chats - (old.cited AND NOT EXISTS (
            SELECT 1 FROM chat_sources o
            WHERE o.chat_id = old.chat_id AND o.domain = old.domain AND o.cited)),
        retrieved_chats = branded_daily_domains.retrieved_chats - NOT EXISTS (
            SELECT 1 FROM chat_sources o WHERE o.chat_id = old.chat_id AND o.domain = old.domain)
    FROM chats c JOIN prompt_groups g ON g.prompt_id = c.prompt_id AND g.group_key = 'branded 1'
    WHERE c.id = old.chat_id AND branded_daily_domains.workspace_id = old.workspace_id
      AND branded_daily_domains.group_key = g.group_key
      AND branded_daily_domains.day = substr(old.created_at, 1, 10)
      AND branded_daily_domains.engine = old.engine AND branded_daily_domains.domain = old.domain;
    UPDATE group_weekly_categories SET citations = group_weekly_categories.citations - old.cited,
        chats = group_weekly_categories.chats - (old.cited AND NOT EXISTS (
            SELECT 1 FROM chat_sources o
            WHERE o.chat_id = old.chat_id AND o.category = old.category AND o.cited)),
        retrieved_chats = group_weekly_categories.retrieved_chats - NOT EXISTS (
            SELECT 1 FROM chat_sources o
            WHERE o.chat_id = old.chat_id AND o.category = old.category)
    FROM chat_groups g
    WHERE g.chat_id = old.chat_id AND group_weekly_categories.workspace_id = old.workspace_id
      AND group_weekly_categories.group_key = g.group_key
      AND group_weekly_categories.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_categories.engine = old.engine
      AND group_weekly_categories.category = old.category;
END;

CREATE TRIGGER chat_sources_group_category AFTER UPDATE OF category ON chat_sources
WHEN new.category IS NOT old.category BEGIN
    UPDATE group_weekly_categories SET citations = group_weekly_categories.citations - old.cited,
        chats = group_weekly_categories.chats - (old.cited AND NOT EXISTS (
            SELECT 1 FROM chat_sources o
            WHERE o.chat_id = old.chat_id AND o.category = old.category AND o.cited)),
        retrieved_chats = group_weekly_categories.retrieved_chats - NOT EXISTS (
            SELECT 1 FROM chat_sources o
            WHERE o.chat_id = old.chat_id AND o.category = old.category)
    FROM chat_groups g
    WHERE g.chat_id = old.chat_id AND group_weekly_categories.workspace_id = old.workspace_id
      AND group_weekly_categories.group_key = g.group_key
      AND group_weekly_categories.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_categories.engine = old.engine
      AND group_weekly_categories.category = old.category;
    INSERT INTO group_weekly_categories (workspace_id, group_key, day, engine, category,
                                         citations, chats, retrieved_chats)
    SELECT new.workspace_id, g.group_key, date(new.created_at, '-6 days', 'weekday 1'),
           new.engine, new.category, new.cited,
           new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                     AND o.category = new.category AND o.id <> new.id AND o.cited),
           NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                       AND o.category = new.category AND o.id <> new.id)
    FROM chat_groups g WHERE g.chat_id = new.chat_id AND new.category IS NOT NULL
    ON CONFLICT (workspace_id, group_key, day, engine, category) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
END;

CREATE TRIGGER chat_names_group_insert AFTER INSERT ON chat_names BEGIN
    INSERT INTO group_weekly_names (workspace_id, group_key, day, engine, name_key, chats,
                                    mentions)
    SELECT new.workspace_id, g.group_key, date(new.created_at, '-6 days', 'weekday 1'),
           new.engine, new.name_key, 1, new.mentions
    FROM chat_groups g WHERE g.chat_id = new.chat_id
    ON CONFLICT (workspace_id, group_key, day, engine, name_key) DO UPDATE SET
        chats = chats + 1, mentions = mentions + excluded.mentions;
END;

CREATE TRIGGER chat_names_group_delete AFTER DELETE ON chat_names BEGIN
    UPDATE group_weekly_names SET chats = group_weekly_names.chats - 1,
        mentions = group_weekly_names.mentions - old.mentions
    FROM chat_groups g
    WHERE g.chat_id = old.chat_id AND group_weekly_names.workspace_id = old.workspace_id
      AND group_weekly_names.group_key = g.group_key
      AND group_weekly_names.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_names.engine = old.engine AND group_weekly_names.name_key = old.name_key;
END;

CREATE TRIGGER chats_group_delete BEFORE DELETE ON chats BEGIN
    UPDATE group_weekly_domains SET citations = group_weekly_domains.citations - s.citations,
        chats = group_weekly_domains.chats - s.cited,
        retrieved_chats = group_weekly_domains.retrieved_chats - 1
    FROM (SELECT g.group_key, x.domain, sum(x.cited) AS citations, max(x.cited) AS cited
          FROM chat_groups g JOIN chat_sources x ON x.chat_id = g.chat_id
          WHERE g.chat_id = old.id GROUP BY 1, 2) s
    WHERE group_weekly_domains.workspace_id = old.workspace_id
      AND group_weekly_domains.group_key = s.group_key
      AND group_weekly_domains.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_domains.engine = old.engine AND group_weekly_domains.domain = s.domain;
    UPDATE branded_daily_domains SET citations = branded_daily_domains.citations - s.citations,
        chats = branded_daily_domains.chats - s.cited,
        retrieved_chats = branded_daily_domains.retrieved_chats - 1
    FROM (SELECT g.group_key, x.domain, sum(x.cited) AS citations, max(x.cited) AS cited
          FROM prompt_groups g JOIN chat_sources x ON x.chat_id = old.id
          WHERE g.prompt_id = old.prompt_id AND g.group_key = 'branded 1' GROUP BY 1, 2) s
    WHERE branded_daily_domains.workspace_id = old.workspace_id
      AND branded_daily_domains.group_key = s.group_key
      AND branded_daily_domains.day = substr(old.created_at, 1, 10)
      AND branded_daily_domains.engine = old.engine AND branded_daily_domains.domain = s.domain;
    UPDATE group_weekly_categories SET citations = group_weekly_categories.citations - s.citations,
        chats = group_weekly_categories.chats - s.cited,
        retrieved_chats = group_weekly_categories.retrieved_chats - 1
    FROM (SELECT g.group_key, x.category, sum(x.cited) AS citations, max(x.cited) AS cited
          FROM chat_groups g JOIN chat_sources x ON x.chat_id = g.chat_id
          WHERE g.chat_id = old.id AND x.category IS NOT NULL GROUP BY 1, 2) s
    WHERE group_weekly_categories.workspace_id = old.workspace_id
      AND group_weekly_categories.group_key = s.group_key
      AND group_weekly_categories.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_categories.engine = old.engine
      AND group_weekly_categories.category = s.category;
    UPDATE group_weekly_names SET chats = group_weekly_names.chats - 1,
        mentions = group_weekly_names.mentions - n.mentions
    FROM (SELECT g.group_key, x.name_key, x.mentions
          FROM chat_groups g JOIN chat_names x ON x.chat_id = g.chat_id WHERE g.chat_id = old.id) n
    WHERE group_weekly_names.workspace_id = old.workspace_id
      AND group_weekly_names.group_key = n.group_key
      AND group_weekly_names.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_names.engine = old.engine AND group_weekly_names.name_key = n.name_key;
END;

-- Per location, week and prompt: the chats, and those naming an own and a competitor brand
-- (as chats_named_update keeps the per-prompt ones), for the gap prompts of a location.
CREATE TABLE location_weekly_prompts (
    workspace_id     INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    location         TEXT NOT NULL,
    day              TEXT NOT NULL,
    engine           TEXT NOT NULL,
    prompt_id        INTEGER NOT NULL,
    chats            INTEGER NOT NULL,
    own_chats        INTEGER NOT NULL,
    competitor_chats INTEGER NOT NULL,
    shown            INTEGER NOT NULL DEFAULT 0,  -- chats with an AI answer shown
    PRIMARY KEY (workspace_id, location, day, engine, prompt_id)
) STRICT, WITHOUT ROWID;
-- Each prompt's rows of a location, found without reading its other prompts' (issue 43):
-- a seek per prompt tells those naming an own brand there, which are no gap (gap_candidates).
CREATE INDEX location_weekly_prompts_prompt ON location_weekly_prompts (workspace_id, location,
                                                                        prompt_id, day);

CREATE TRIGGER chats_location_prompts_insert AFTER INSERT ON chats
WHEN new.location IS NOT NULL BEGIN
    INSERT INTO location_weekly_prompts (workspace_id, location, day, engine, prompt_id, chats,
                                         own_chats, competitor_chats, shown)
    VALUES (new.workspace_id, new.location, date(new.created_at, '-6 days', 'weekday 1'),
            new.engine, new.prompt_id, 1, new.own_named, new.competitor_named, new.shown)
    ON CONFLICT (workspace_id, location, day, engine, prompt_id) DO UPDATE SET
        chats = chats + 1, shown = shown + excluded.shown, own_chats = own_chats + excluded.own_chats,
        competitor_chats = competitor_chats + excluded.competitor_chats;
END;

CREATE TRIGGER chats_location_prompts_named AFTER UPDATE OF own_named, competitor_named ON chats
WHEN new.location IS NOT NULL AND (new.own_named IS NOT old.own_named
                                   OR new.competitor_named IS NOT old.competitor_named) BEGIN
    UPDATE location_weekly_prompts SET own_chats = own_chats + new.own_named - old.own_named,
        competitor_chats = competitor_chats + new.competitor_named - old.competitor_named
    WHERE workspace_id = new.workspace_id AND location = new.location
      AND day = date(new.created_at, '-6 days', 'weekday 1') AND engine = new.engine
      AND prompt_id = new.prompt_id;
END;

CREATE TRIGGER chats_location_prompts_delete BEFORE DELETE ON chats
WHEN old.location IS NOT NULL BEGIN
    UPDATE location_weekly_prompts SET chats = chats - 1, shown = shown - old.shown,
        own_chats = own_chats - old.own_named,
        competitor_chats = competitor_chats - old.competitor_named
    WHERE workspace_id = old.workspace_id AND location = old.location
      AND day = date(old.created_at, '-6 days', 'weekday 1') AND engine = old.engine
      AND prompt_id = old.prompt_id;
END;

-- A reply read again (tracker reextract) may find that the surface showed an answer after
-- all, or none: the chat-count rollups follow.
CREATE TRIGGER chats_shown_update AFTER UPDATE OF shown ON chats
WHEN new.shown IS NOT old.shown BEGIN
    UPDATE daily_chats SET shown = shown + new.shown - old.shown
    WHERE workspace_id = new.workspace_id AND day = substr(new.created_at, 1, 10)
      AND engine = new.engine;
    UPDATE prompt_daily_chats SET shown = shown + new.shown - old.shown
    WHERE workspace_id = new.workspace_id AND prompt_id = new.prompt_id
      AND day = substr(new.created_at, 1, 10) AND engine = new.engine;
    UPDATE prompt_weekly_chats SET shown = shown + new.shown - old.shown
    WHERE workspace_id = new.workspace_id AND prompt_id = new.prompt_id
      AND day = date(new.created_at, '-6 days', 'weekday 1') AND engine = new.engine;
    UPDATE location_daily_chats SET shown = shown + new.shown - old.shown
    WHERE workspace_id = new.workspace_id AND location = new.location
      AND day = substr(new.created_at, 1, 10) AND engine = new.engine;
    UPDATE location_weekly_prompts SET shown = shown + new.shown - old.shown
    WHERE workspace_id = new.workspace_id AND location = new.location
      AND day = date(new.created_at, '-6 days', 'weekday 1') AND engine = new.engine
      AND prompt_id = new.prompt_id;
END;

-- The brand sums the same way (as prompt_weekly_brands, per location too), for the
-- rankings of a topic or tag with a location.
CREATE TABLE location_weekly_brands (
    workspace_id     INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    location         TEXT NOT NULL,
    day              TEXT NOT NULL,
    engine           TEXT NOT NULL,
    prompt_id        INTEGER NOT NULL,
    brand_id         INTEGER NOT NULL,
    mentioned        INTEGER NOT NULL,
    position_sum     INTEGER NOT NULL,
    cited            INTEGER NOT NULL,
    sentiment_sum    REAL NOT NULL,
    sentiment_scored INTEGER NOT NULL,
    positive         INTEGER NOT NULL,
    neutral          INTEGER NOT NULL,
    negative         INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, location, day, engine, prompt_id, brand_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chat_brands_location_prompts_insert AFTER INSERT ON chat_brands BEGIN
    INSERT INTO location_weekly_brands (workspace_id, location, day, engine, prompt_id, brand_id,
                                        mentioned, position_sum, cited, sentiment_sum,
                                        sentiment_scored, positive, neutral, negative)
    SELECT new.workspace_id, c.location, date(new.created_at, '-6 days', 'weekday 1'), new.engine,
           c.prompt_id, new.brand_id, new.position IS NOT NULL, coalesce(new.position, 0),
           new.cited, coalesce(new.sentiment_score, 0), new.sentiment IS NOT NULL,
           new.sentiment IS 'positive', new.sentiment IS 'neutral', new.sentiment IS 'negative'
    FROM chats c WHERE c.id = new.chat_id AND c.location IS NOT NULL
    ON CONFLICT (workspace_id, location, day, engine, prompt_id, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

-- Only while the chat is there: a chat deleted takes its brand rows off before it goes.
CREATE TRIGGER chat_brands_location_prompts_delete AFTER DELETE ON chat_brands BEGIN
    UPDATE location_weekly_brands SET
        mentioned = location_weekly_brands.mentioned - (old.position IS NOT NULL),
        position_sum = location_weekly_brands.position_sum - coalesce(old.position, 0),
        cited = location_weekly_brands.cited - old.cited,
        sentiment_sum = location_weekly_brands.sentiment_sum - coalesce(old.sentiment_score, 0),
        sentiment_scored = location_weekly_brands.sentiment_scored - (old.sentiment IS NOT NULL),
        positive = location_weekly_brands.positive - (old.sentiment IS 'positive'),
        neutral = location_weekly_brands.neutral - (old.sentiment IS 'neutral'),
        negative = location_weekly_brands.negative - (old.sentiment IS 'negative')
    FROM chats c
    WHERE c.id = old.chat_id AND location_weekly_brands.workspace_id = old.workspace_id
      AND location_weekly_brands.location = c.location
      AND location_weekly_brands.day = date(old.created_at, '-6 days', 'weekday 1')
      AND location_weekly_brands.engine = old.engine
      AND location_weekly_brands.prompt_id = c.prompt_id
      AND location_weekly_brands.brand_id = old.brand_id;
END;

CREATE TRIGGER chats_location_brands_delete BEFORE DELETE ON chats
WHEN old.location IS NOT NULL BEGIN
    UPDATE location_weekly_brands SET
        mentioned = location_weekly_brands.mentioned - (b.position IS NOT NULL),
        position_sum = location_weekly_brands.position_sum - coalesce(b.position, 0),
        cited = location_weekly_brands.cited - b.cited,
        sentiment_sum = location_weekly_brands.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = location_weekly_brands.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = location_weekly_brands.positive - (b.sentiment IS 'positive'),
        neutral = location_weekly_brands.neutral - (b.sentiment IS 'neutral'),
        negative = location_weekly_brands.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND location_weekly_brands.workspace_id = old.workspace_id
      AND location_weekly_brands.location = old.location
      AND location_weekly_brands.day = date(old.created_at, '-6 days', 'weekday 1')
      AND location_weekly_brands.engine = old.engine
      AND location_weekly_brands.prompt_id = old.prompt_id
      AND location_weekly_brands.brand_id = b.brand_id;
END;

-- The same per topic or tag group ("topic 3", "tag 7"), location and week: the overview and
-- rankings of a topic or tag with a location read its rows for whole weeks (a year: 52 weeks
-- x engines x brands) instead of each of its prompts' (issue 43: those grow with prompts x
-- weeks). They follow location_weekly_prompts and _brands through the topic and tag groups
-- in prompt_groups, as group_daily_* follow the per-prompt daily rollups: only a chat asked
-- from a location, of a prompt in a topic or tag, pays for them; a prompt that changed topic
-- or tags is moved with the other group rollups (regroup_prompt).
CREATE TABLE group_location_weekly_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key    TEXT NOT NULL,
    location     TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    shown        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, location, day, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE group_location_weekly_brands (
    workspace_id     INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key        TEXT NOT NULL,
    location         TEXT NOT NULL,
    day              TEXT NOT NULL,
    engine           TEXT NOT NULL,
    brand_id         INTEGER NOT NULL,
    mentioned        INTEGER NOT NULL,
    position_sum     INTEGER NOT NULL,
    cited            INTEGER NOT NULL,
    sentiment_sum    REAL NOT NULL,
    sentiment_scored INTEGER NOT NULL,
    positive         INTEGER NOT NULL,
    neutral          INTEGER NOT NULL,
    negative         INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, group_key, location, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER location_weekly_prompts_group_insert AFTER INSERT ON location_weekly_prompts BEGIN
    INSERT INTO group_location_weekly_chats (workspace_id, group_key, location, day, engine,
                                             chats, shown)
    SELECT new.workspace_id, g.group_key, new.location, new.day, new.engine, new.chats, new.shown
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key NOT IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, location, day, engine) DO UPDATE SET
        chats = chats + excluded.chats, shown = shown + excluded.shown;
END;

CREATE TRIGGER location_weekly_prompts_group_update AFTER UPDATE OF chats, shown
ON location_weekly_prompts BEGIN
    INSERT INTO group_location_weekly_chats (workspace_id, group_key, location, day, engine,
                                             chats, shown)
    SELECT new.workspace_id, g.group_key, new.location, new.day, new.engine,
           new.chats - old.chats, new.shown - old.shown
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key NOT IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, location, day, engine) DO UPDATE SET
        chats = chats + excluded.chats, shown = shown + excluded.shown;
END;

CREATE TRIGGER location_weekly_brands_group_insert AFTER INSERT ON location_weekly_brands BEGIN
    INSERT INTO group_location_weekly_brands (workspace_id, group_key, location, day, engine,
                                              brand_id, mentioned, position_sum, cited,
                                              sentiment_sum, sentiment_scored, positive,
                                              neutral, negative)
    SELECT new.workspace_id, g.group_key, new.location, new.day, new.engine, new.brand_id,
           new.mentioned, new.position_sum, new.cited, new.sentiment_sum, new.sentiment_scored,
           new.positive, new.neutral, new.negative
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key NOT IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, location, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

CREATE TRIGGER location_weekly_brands_group_update AFTER UPDATE ON location_weekly_brands BEGIN
    INSERT INTO group_location_weekly_brands (workspace_id, group_key, location, day, engine,
                                              brand_id, mentioned, position_sum, cited,
                                              sentiment_sum, sentiment_scored, positive,
                                              neutral, negative)
    SELECT new.workspace_id, g.group_key, new.location, new.day, new.engine, new.brand_id,
           new.mentioned - old.mentioned, new.position_sum - old.position_sum,
           new.cited - old.cited, new.sentiment_sum - old.sentiment_sum,
           new.sentiment_scored - old.sentiment_scored, new.positive - old.positive,
           new.neutral - old.neutral, new.negative - old.negative
    FROM prompt_groups g WHERE g.prompt_id = new.prompt_id
      AND g.group_key NOT IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, location, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

-- The same sums per cell (market and persona; 0: asked without one), day and engine, for
-- the market and persona filters and groupBy=market|persona: a market's figures add up
-- the rows of its personas. One family for both keeps a chat's cost to one row of each
-- (packaging/docs/markets.md measures it). A chat's brand rows are taken off before the
-- chat goes, as for the per-prompt sums above.
CREATE TABLE cell_daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    market_id    INTEGER NOT NULL,
    persona_id   INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    shown        INTEGER NOT NULL,  -- of them, those with an AI answer shown
    PRIMARY KEY (workspace_id, market_id, persona_id, day, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE cell_daily_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    market_id    INTEGER NOT NULL,
    persona_id   INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    mentioned    INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    cited        INTEGER NOT NULL,
    sentiment_sum REAL NOT NULL,
    sentiment_scored INTEGER NOT NULL,
    positive     INTEGER NOT NULL,
    neutral      INTEGER NOT NULL,
    negative     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, market_id, persona_id, day, engine, brand_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chats_by_cell_insert AFTER INSERT ON chats BEGIN
    INSERT INTO cell_daily_chats (workspace_id, market_id, persona_id, day, engine, chats, shown)
    VALUES (new.workspace_id, coalesce(new.market_id, 0), coalesce(new.persona_id, 0),
            substr(new.created_at, 1, 10), new.engine, 1, new.shown)
    ON CONFLICT (workspace_id, market_id, persona_id, day, engine) DO UPDATE SET
        chats = chats + 1, shown = shown + excluded.shown;
END;

CREATE TRIGGER chats_by_cell_delete BEFORE DELETE ON chats BEGIN
    UPDATE cell_daily_chats SET chats = chats - 1, shown = shown - old.shown
    WHERE workspace_id = old.workspace_id AND market_id = coalesce(old.market_id, 0)
      AND persona_id = coalesce(old.persona_id, 0) AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine;
    UPDATE cell_daily_brands SET
        mentioned = cell_daily_brands.mentioned - (b.position IS NOT NULL),
        position_sum = cell_daily_brands.position_sum - coalesce(b.position, 0),
        cited = cell_daily_brands.cited - b.cited,
        sentiment_sum = cell_daily_brands.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = cell_daily_brands.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = cell_daily_brands.positive - (b.sentiment IS 'positive'),
        neutral = cell_daily_brands.neutral - (b.sentiment IS 'neutral'),
        negative = cell_daily_brands.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND cell_daily_brands.workspace_id = old.workspace_id
      AND cell_daily_brands.market_id = coalesce(old.market_id, 0)
      AND cell_daily_brands.persona_id = coalesce(old.persona_id, 0)
      AND cell_daily_brands.day = substr(old.created_at, 1, 10)
      AND cell_daily_brands.engine = old.engine AND cell_daily_brands.brand_id = b.brand_id;
END;

CREATE TRIGGER chats_shown_by_cell_update AFTER UPDATE OF shown ON chats
WHEN new.shown IS NOT old.shown BEGIN
    UPDATE cell_daily_chats SET shown = shown + new.shown - old.shown
    WHERE workspace_id = new.workspace_id AND market_id = coalesce(new.market_id, 0)
      AND persona_id = coalesce(new.persona_id, 0) AND day = substr(new.created_at, 1, 10)
      AND engine = new.engine;
END;

CREATE TRIGGER chat_brands_by_cell_insert AFTER INSERT ON chat_brands BEGIN
    INSERT INTO cell_daily_brands (workspace_id, market_id, persona_id, day, engine, brand_id,
                                   mentioned, position_sum, cited, sentiment_sum,
                                   sentiment_scored, positive, neutral, negative)
    SELECT new.workspace_id, coalesce(c.market_id, 0), coalesce(c.persona_id, 0),
           substr(new.created_at, 1, 10), new.engine, new.brand_id,
           new.position IS NOT NULL, coalesce(new.position, 0), new.cited,
           coalesce(new.sentiment_score, 0), new.sentiment IS NOT NULL,
           new.sentiment IS 'positive', new.sentiment IS 'neutral', new.sentiment IS 'negative'
    FROM chats c WHERE c.id = new.chat_id
    ON CONFLICT (workspace_id, market_id, persona_id, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum, cited = cited + excluded.cited,
        sentiment_sum = sentiment_sum + excluded.sentiment_sum,
        sentiment_scored = sentiment_scored + excluded.sentiment_scored,
        positive = positive + excluded.positive, neutral = neutral + excluded.neutral,
        negative = negative + excluded.negative;
END;

-- Only while the chat is there (a brand's rows refreshed or deleted): see above.
CREATE TRIGGER chat_brands_by_cell_delete AFTER DELETE ON chat_brands BEGIN
    UPDATE cell_daily_brands SET mentioned = mentioned - (old.position IS NOT NULL),
        position_sum = position_sum - coalesce(old.position, 0), cited = cited - old.cited,
        sentiment_sum = sentiment_sum - coalesce(old.sentiment_score, 0),
        sentiment_scored = sentiment_scored - (old.sentiment IS NOT NULL),
        positive = positive - (old.sentiment IS 'positive'),
        neutral = neutral - (old.sentiment IS 'neutral'),
        negative = negative - (old.sentiment IS 'negative')
    FROM (SELECT coalesce(market_id, 0) AS market_id, coalesce(persona_id, 0) AS persona_id
          FROM chats WHERE id = old.chat_id) c
    WHERE cell_daily_brands.workspace_id = old.workspace_id
      AND cell_daily_brands.market_id = c.market_id AND cell_daily_brands.persona_id = c.persona_id
      AND day = substr(old.created_at, 1, 10) AND engine = old.engine AND brand_id = old.brand_id;
END;

-- Per registrable domain, week, engine and location (a chat without one: ''), each of its
-- pages: the URL view of one domain (GET /analytics/sources?groupBy=url&domain=) with an
-- engine or location filter; without, weekly_urls and daily_urls narrowed to the domain
-- answer, a row per URL and week or day rather than per engine and location too (issue 43).
-- A chat cites or consults a URL once (UNIQUE (chat_id, url)), so citations are also the
-- chats citing it.
CREATE TABLE domain_weekly_urls (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    domain          TEXT NOT NULL,
    day             TEXT NOT NULL,
    engine          TEXT NOT NULL,
    location        TEXT NOT NULL,
    url             TEXT NOT NULL,
    host            TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, domain, day, engine, location, url)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chat_sources_url_insert AFTER INSERT ON chat_sources BEGIN
    INSERT INTO domain_weekly_urls (workspace_id, domain, day, engine, location, url, host,
                                    citations, retrieved_chats)
    SELECT new.workspace_id, new.domain, date(new.created_at, '-6 days', 'weekday 1'),
           new.engine, coalesce(c.location, ''), new.url, new.host, new.cited, 1
    FROM chats c WHERE c.id = new.chat_id
    ON CONFLICT (workspace_id, domain, day, engine, location, url) DO UPDATE SET
        citations = citations + excluded.citations, retrieved_chats = retrieved_chats + 1;
END;

-- Only while the chat is there: a chat deleted takes its pages off before it goes.
CREATE TRIGGER chat_sources_url_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE domain_weekly_urls SET citations = citations - old.cited,
        retrieved_chats = retrieved_chats - 1
    WHERE workspace_id = old.workspace_id AND domain = old.domain
      AND day = date(old.created_at, '-6 days', 'weekday 1') AND engine = old.engine
      AND location = (SELECT coalesce(location, '') FROM chats WHERE id = old.chat_id)
      AND url = old.url;
END;

CREATE TRIGGER chats_url_delete BEFORE DELETE ON chats BEGIN
    UPDATE domain_weekly_urls SET citations = domain_weekly_urls.citations - s.cited,
        retrieved_chats = domain_weekly_urls.retrieved_chats - 1
    FROM (SELECT domain, url, cited FROM chat_sources WHERE chat_id = old.id) s
    WHERE domain_weekly_urls.workspace_id = old.workspace_id
      AND domain_weekly_urls.domain = s.domain
      AND domain_weekly_urls.day = date(old.created_at, '-6 days', 'weekday 1')
      AND domain_weekly_urls.engine = old.engine
      AND domain_weekly_urls.location = coalesce(old.location, '')
      AND domain_weekly_urls.url = s.url;
END;

-- Per Monday-first week and URL, every engine and location together: the URL view of every
-- domain (GET /analytics/sources?groupBy=url without a domain), unfiltered or by time alone;
-- an engine, location, prompt, topic or tag filter reads the per-chat rows. Rows per week
-- are bounded by the URLs cited in a week, however many chats cite them. A chat holds a URL
-- once, so citations are also the chats citing it. Its sources are taken off by their own
-- delete (a chat's cascade too: the row holds all the key), first and last seen sought
-- again in the week's rows of the domain only when the row that set them goes.
CREATE TABLE weekly_urls (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day             TEXT NOT NULL,  -- the week's Monday
    url             TEXT NOT NULL,
    domain          TEXT NOT NULL,
    host            TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    first_seen      TEXT,
    last_seen       TEXT,
    PRIMARY KEY (workspace_id, day, url)
) STRICT, WITHOUT ROWID;

-- A URL export streams domain by domain (source_export_items): one domain's weeks found
-- here rather than by reading every domain's. Written only when a week first sees a URL.
CREATE INDEX weekly_urls_domain ON weekly_urls (workspace_id, domain, day);

-- The same sums per 4 weeks, every 28 days from Monday 1900-01-01 (issue 43): a year of every
-- URL (GET /analytics/sources?groupBy=url without a filter) reads 13 rows per URL rather than
-- 52 (795,600 weekly rows at the benchmark's full size: 753 -> 114 ms of CPU). A page's URLs'
-- domain, host and first and last time are read from their weekly rows. Kept by the weekly
-- rollup's triggers, a second upsert in each; the 4 weeks numbered, not dated, which spares
-- working out their first Monday per source (+2.1 % of the CPU instructions of storing a chat,
-- +3.1 % dated: tests/perf/README.md).
CREATE TABLE four_weekly_urls (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    four_weeks      INTEGER NOT NULL,  -- n: from 1900-01-01 + 28n days, for 28 days
    url             TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, four_weeks, url)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chat_sources_weekly_url_insert AFTER INSERT ON chat_sources BEGIN
    INSERT INTO weekly_urls (workspace_id, day, url, domain, host, citations, retrieved_chats,
                             first_seen, last_seen)
    VALUES (new.workspace_id, date(new.created_at, '-6 days', 'weekday 1'), new.url, new.domain,
            new.host, new.cited, 1, new.created_at, new.created_at)
    ON CONFLICT (workspace_id, day, url) DO UPDATE SET
        citations = citations + excluded.citations, retrieved_chats = retrieved_chats + 1,
        first_seen = min(coalesce(first_seen, excluded.first_seen), excluded.first_seen),
        last_seen = max(coalesce(last_seen, excluded.last_seen), excluded.last_seen);
    INSERT INTO four_weekly_urls (workspace_id, four_weeks, url, citations, retrieved_chats)
    VALUES (new.workspace_id, CAST((julianday(new.created_at) - 2415020.5) / 28 AS INTEGER),
            new.url, new.cited, 1)
    ON CONFLICT (workspace_id, four_weeks, url) DO UPDATE SET
        citations = citations + excluded.citations, retrieved_chats = retrieved_chats + 1;
END;

CREATE TRIGGER chat_sources_weekly_url_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE weekly_urls SET citations = citations - old.cited,
        retrieved_chats = retrieved_chats - 1,
        first_seen = CASE WHEN first_seen < old.created_at THEN first_seen ELSE
            (SELECT min(o.created_at) FROM chat_sources o WHERE o.workspace_id = old.workspace_id
             AND o.domain = old.domain AND o.created_at >= day
             AND o.created_at < date(day, '+7 days') AND o.url = old.url) END,
        last_seen = CASE WHEN last_seen > old.created_at THEN last_seen ELSE
            (SELECT max(o.created_at) FROM chat_sources o WHERE o.workspace_id = old.workspace_id
             AND o.domain = old.domain AND o.created_at >= day
             AND o.created_at < date(day, '+7 days') AND o.url = old.url) END
    WHERE workspace_id = old.workspace_id AND day = date(old.created_at, '-6 days', 'weekday 1')
      AND url = old.url;
    UPDATE four_weekly_urls SET citations = citations - old.cited,
        retrieved_chats = retrieved_chats - 1
    WHERE workspace_id = old.workspace_id
      AND four_weeks = CAST((julianday(old.created_at) - 2415020.5) / 28 AS INTEGER)
      AND url = old.url;
END;

-- The same per UTC day (issue 43): the whole days at a window's start that its whole weeks
-- leave (a 30-day window starts within a week), read as a day's URLs (about a quarter of the
-- day's sources at the benchmark's full size) rather than its per-chat rows.
CREATE TABLE daily_urls (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day             TEXT NOT NULL,
    url             TEXT NOT NULL,
    domain          TEXT NOT NULL,
    host            TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    first_seen      TEXT,
    last_seen       TEXT,
    PRIMARY KEY (workspace_id, day, url)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chat_sources_daily_url_insert AFTER INSERT ON chat_sources BEGIN
    INSERT INTO daily_urls (workspace_id, day, url, domain, host, citations, retrieved_chats,
                            first_seen, last_seen)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.url, new.domain, new.host,
            new.cited, 1, new.created_at, new.created_at)
    ON CONFLICT (workspace_id, day, url) DO UPDATE SET
        citations = citations + excluded.citations, retrieved_chats = retrieved_chats + 1,
        first_seen = min(coalesce(first_seen, excluded.first_seen), excluded.first_seen),
        last_seen = max(coalesce(last_seen, excluded.last_seen), excluded.last_seen);
END;

CREATE TRIGGER chat_sources_daily_url_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE daily_urls SET citations = citations - old.cited,
        retrieved_chats = retrieved_chats - 1,
        first_seen = CASE WHEN first_seen < old.created_at THEN first_seen ELSE
            (SELECT min(o.created_at) FROM chat_sources o WHERE o.workspace_id = old.workspace_id
             AND o.domain = old.domain AND o.created_at >= day
             AND o.created_at < date(day, '+1 day') AND o.url = old.url) END,
        last_seen = CASE WHEN last_seen > old.created_at THEN last_seen ELSE
            (SELECT max(o.created_at) FROM chat_sources o WHERE o.workspace_id = old.workspace_id
             AND o.domain = old.domain AND o.created_at >= day
             AND o.created_at < date(day, '+1 day') AND o.url = old.url) END
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND url = old.url;
END;

-- Per topic or tag group ("topic 3", "tag 7"), Monday-first week, domain and URL, every
-- engine and location together: the URL view of a topic or a tag alone (GET
-- /analytics/sources?groupBy=url&topicId=, with a domain or not) over whole weeks, instead
-- of every chat of the group's prompts; with an engine or location filter, or a topic and a
-- tag together, the chats are read. Keyed by domain and URL before week (issue 43): a URL's
-- weeks follow each other, so a window's list is summed URL by URL as the rows are read,
-- with no sort of every week's rows (a year of a topic's, 425,000 at the benchmark's full
-- size), and one domain's pages are a range; a window reads the group's rows of every week
-- kept, those outside it skipped. Kept, as the weekly group rollups are, through the
-- chat's prompt's topic and tag groups in prompt_groups (a prompt that changed topic or tags
-- is moved by regroup_prompt): a chat of a prompt in no topic nor tag adds nothing but the
-- seeks of its chat and its prompt's groups. A chat holds a URL once, so citations are also
-- the chats citing it. Each row keeps its URL's first and last time in the group's chats of
-- the week, as weekly_urls does (issue 43): a page's times were sought in the chats of the
-- weeks holding them, per-chat rows that grew with the data (a year of one domain's URLs
-- under a topic, 2.7x the same request unfiltered at the full size). NULL while the row has
-- chats: unknown, sought when read (a prompt that left the group, or a chat deleted, set it:
-- regroup_prompt and chats_group_url_delete leave it unknown rather than seek it under the
-- write lock; a later source keeps it so).
CREATE TABLE group_weekly_urls (
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    group_key       TEXT NOT NULL,
    day             TEXT NOT NULL,  -- the week's Monday
    domain          TEXT NOT NULL,
    url             TEXT NOT NULL,
    host            TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    retrieved_chats INTEGER NOT NULL,
    first_seen      TEXT,
    last_seen       TEXT,
    PRIMARY KEY (workspace_id, group_key, domain, url, day)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chat_sources_group_url_insert AFTER INSERT ON chat_sources BEGIN
    INSERT INTO group_weekly_urls (workspace_id, group_key, day, domain, url, host, citations,
                                   retrieved_chats, first_seen, last_seen)
    SELECT new.workspace_id, g.group_key, date(new.created_at, '-6 days', 'weekday 1'),
           new.domain, new.url, new.host, new.cited, 1, new.created_at, new.created_at
    FROM chats c JOIN prompt_groups g ON g.prompt_id = c.prompt_id
    WHERE c.id = new.chat_id AND g.group_key NOT IN ('branded 0', 'branded 1')
    ON CONFLICT (workspace_id, group_key, domain, url, day) DO UPDATE SET
        citations = citations + excluded.citations, retrieved_chats = retrieved_chats + 1,
        first_seen = CASE WHEN retrieved_chats > 0 THEN min(first_seen, excluded.first_seen)
                     ELSE excluded.first_seen END,
        last_seen = CASE WHEN retrieved_chats > 0 THEN max(last_seen, excluded.last_seen)
                    ELSE excluded.last_seen END;
END;

-- The sources of the topic and tag groups' chats, each with its chat's group (a chat's
-- sources once per group of its prompt), where a source's delete trigger below seeks a URL's
-- first and last time in a group's chats of a week again.
CREATE VIEW group_url_sources AS
SELECT o.workspace_id, g.group_key, o.domain, o.url, o.created_at, o.chat_id
FROM chat_sources o JOIN chats c ON c.id = o.chat_id
JOIN prompt_groups g ON g.prompt_id = c.prompt_id;

-- Only while the chat is there (a source rewritten, as a re-extraction does): a chat deleted
-- takes its pages off before it goes (chats_group_url_delete). A first or last time that the
-- row taken off set is sought again in the week's rows of the domain, among the group's
-- chats, as weekly_urls' own delete trigger seeks its own; a row whose times it did not set
-- reads none (the seek's first term, the same for every row, is tested once).
CREATE TRIGGER chat_sources_group_url_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE group_weekly_urls SET citations = group_weekly_urls.citations - old.cited,
        retrieved_chats = group_weekly_urls.retrieved_chats - 1,
        (first_seen, last_seen) = (
            SELECT CASE WHEN group_weekly_urls.first_seen < old.created_at
                        THEN group_weekly_urls.first_seen ELSE min(o.created_at) END,
                   CASE WHEN group_weekly_urls.last_seen > old.created_at
                        THEN group_weekly_urls.last_seen ELSE max(o.created_at) END
            FROM group_url_sources o
            WHERE NOT (group_weekly_urls.first_seen < old.created_at
                       AND group_weekly_urls.last_seen > old.created_at)
              AND o.workspace_id = old.workspace_id AND o.group_key = group_weekly_urls.group_key
              AND o.domain = old.domain AND o.url = old.url
              AND o.created_at >= group_weekly_urls.day
              AND o.created_at < date(group_weekly_urls.day, '+7 days'))
    FROM chats c JOIN prompt_groups g ON g.prompt_id = c.prompt_id
    WHERE c.id = old.chat_id AND g.group_key NOT IN ('branded 0', 'branded 1')
      AND group_weekly_urls.workspace_id = old.workspace_id
      AND group_weekly_urls.group_key = g.group_key
      AND group_weekly_urls.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_urls.domain = old.domain AND group_weekly_urls.url = old.url;
END;

-- A time the chat set becomes unknown (NULL), sought when read, as when its prompt leaves the
-- group (regroup_prompt): a chat goes with its prompt, its run or its workspace, most of the
-- times of a deleted prompt's rows its own, each of which the seek would read a week of its
-- domain's rows for.
CREATE TRIGGER chats_group_url_delete BEFORE DELETE ON chats BEGIN
    UPDATE group_weekly_urls SET citations = group_weekly_urls.citations - s.cited,
        retrieved_chats = group_weekly_urls.retrieved_chats - 1,
        first_seen = CASE WHEN group_weekly_urls.first_seen < old.created_at
                          THEN group_weekly_urls.first_seen END,
        last_seen = CASE WHEN group_weekly_urls.last_seen > old.created_at
                         THEN group_weekly_urls.last_seen END
    FROM (SELECT g.group_key, x.domain, x.url, x.cited
          FROM prompt_groups g JOIN chat_sources x ON x.chat_id = old.id
          WHERE g.prompt_id = old.prompt_id AND g.group_key NOT IN ('branded 0', 'branded 1')) s
    WHERE group_weekly_urls.workspace_id = old.workspace_id
      AND group_weekly_urls.group_key = s.group_key
      AND group_weekly_urls.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_urls.domain = s.domain AND group_weekly_urls.url = s.url;
END;

-- Every write transaction bumps revision (Database.write): an ETag built on it changes
-- with any change, whichever process made it.
CREATE TABLE data_revision (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    revision INTEGER NOT NULL
) STRICT;
INSERT INTO data_revision VALUES (1, 0);

-- The dashboard's sign-in sessions: the hash of the session cookie's random token, the
-- key it was opened with (its revocation ends the session), and the token its forms carry.
CREATE TABLE dashboard_sessions (
    token_hash  BLOB PRIMARY KEY,
    api_key_id  INTEGER NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    csrf_token  TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX dashboard_sessions_expires ON dashboard_sessions (expires_at);
CREATE INDEX dashboard_sessions_key ON dashboard_sessions (api_key_id);

-- A workspace's webhook endpoints; secret signs each delivery (shown once, on create).
CREATE TABLE webhooks (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    url             TEXT NOT NULL,
    events          TEXT NOT NULL,
    secret          TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    disabled_reason TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
) STRICT;
CREATE INDEX webhooks_workspace ON webhooks (workspace_id);
-- The outbox: a row per event and endpoint, written in the transaction of what caused the
-- event and sent by the webhook dispatcher. next_attempt_at is also a send's lease.
CREATE TABLE webhook_deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id    INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    webhook_id      INTEGER NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL,
    event_type      TEXT NOT NULL,
    body            BLOB NOT NULL,
    state           TEXT NOT NULL DEFAULT 'pending'
                    CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_status     INTEGER,
    last_error      TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, id);

-- What moved a workspace's figures without the world changing (GET /analytics/annotations):
-- written in the transaction of the change itself (a prompt added, paused or deleted, a
-- brand's names or domains edited, an engine switched, samples per run changed) or of the
-- first chat that shows it (an engine's model, or the model version its provider answered
-- with). prompt_id and brand_id are not foreign keys: the note outlives what it names.
-- details holds the JSON object the API shows (before and after).
CREATE TABLE annotations (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    description  TEXT NOT NULL,
    prompt_id    INTEGER,
    brand_id     INTEGER,
    engine       TEXT,
    details      TEXT NOT NULL DEFAULT '{}',
    created_at   TEXT NOT NULL
) STRICT;

CREATE INDEX annotations_window ON annotations (workspace_id, created_at);

-- Honest intervals (tracker.py, "Honest intervals"): how each figure's units cluster by
-- prompt and run in a workspace's last 28 days, estimated in the background by the worker
-- (refresh_correlations) and read by every request for the intervals. brand_id 0 is the
-- workspace's own (citation share, pooled over its most cited domains). variance is a
-- unit's (the means' intervals use it); NULL for the pooled citation share.
CREATE TABLE figure_correlations (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    brand_id     INTEGER NOT NULL,
    figure       TEXT NOT NULL,
    run          REAL NOT NULL,
    prompt       REAL NOT NULL,
    variance     REAL,
    per_run      REAL NOT NULL,
    coverage     REAL NOT NULL,
    unequal      REAL NOT NULL,
    PRIMARY KEY (workspace_id, brand_id, figure)
) STRICT, WITHOUT ROWID;

-- When each workspace's correlations were estimated, and over how many chats: made again
-- when a day old or when the reference window's chats changed by a tenth.
CREATE TABLE correlation_estimates (
    workspace_id INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    chats        INTEGER NOT NULL,
    estimated_at TEXT NOT NULL
) STRICT;

-- The model each engine's latest chat in a workspace recorded (facet 'model': the model
-- asked for; 'version': the model version the provider said answered), so that a change is
-- annotated when the first chat shows it, in one lookup.
CREATE TABLE last_models (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    engine       TEXT NOT NULL,
    facet        TEXT NOT NULL,
    value        TEXT NOT NULL,
    PRIMARY KEY (workspace_id, engine, facet)
) STRICT, WITHOUT ROWID;
-- Changes in a brand's figure that passed the scan's test (GET /signals; tracker.py,
-- "Signals"). key is what makes two scans' changes the same (figure, brand, scope and
-- direction): one seen again within a window moves last_seen_at, and is not announced
-- again. body holds the rest of what the API shows, as it was when first detected.
-- brand_id is not a foreign key: the signal outlives the brand.
CREATE TABLE signals (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    key          TEXT NOT NULL,
    figure       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    body         TEXT NOT NULL,
    detected_at  TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
) STRICT;

CREATE INDEX signals_workspace ON signals (workspace_id, detected_at);
CREATE INDEX signals_key ON signals (workspace_id, key, last_seen_at);

-- The UTC day each workspace's signals were last scanned by the worker (once a day).
CREATE TABLE signal_scans (
    workspace_id INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL
) STRICT;

-- AI traffic (tracker.py, "AI traffic"): what the site's own access logs say. The
-- requests to the own brands' hosts, summed per UTC day, page and who asked; no client
-- address is kept, only what it proved (verification). agent, operator, verification and
-- assistant are '' when they do not apply (people, unnamed bots; a visit no assistant sent).
-- MIGRATIONS[11] creates these tables (TRAFFIC_TABLES) as they are written here.
CREATE TABLE traffic_daily (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    host         TEXT NOT NULL,
    path         TEXT NOT NULL,
    agent_class  TEXT NOT NULL CHECK (agent_class IN ('ai-training', 'ai-search', 'ai-user',
                                                      'search', 'bot', 'human')),
    agent        TEXT NOT NULL,
    operator     TEXT NOT NULL,
    verification TEXT NOT NULL CHECK (verification IN ('', 'verified', 'unverified', 'spoofed')),
    assistant    TEXT NOT NULL,
    requests     INTEGER NOT NULL,
    last_at      TEXT NOT NULL,
    PRIMARY KEY (workspace_id, day, host, path, agent_class, agent, verification, assistant)
) STRICT, WITHOUT ROWID;
-- How far each log (a source) has been read: bytes and lines of its text, so that reading
-- it again, or the rest of it, counts no line twice.
CREATE TABLE traffic_sources (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    source       TEXT NOT NULL,
    bytes_read   INTEGER NOT NULL,
    lines_read   INTEGER NOT NULL,
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (workspace_id, source)
) STRICT, WITHOUT ROWID;
-- A workspace's traffic settings: days of traffic_daily kept (13 months by default).
CREATE TABLE traffic_settings (
    workspace_id   INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    retention_days INTEGER NOT NULL
) STRICT;
-- Each own domain's robots.txt, uploaded or fetched.
CREATE TABLE traffic_robots (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    domain       TEXT NOT NULL,
    body         TEXT NOT NULL,
    origin       TEXT NOT NULL CHECK (origin IN ('upload', 'fetch')),
    updated_at   TEXT NOT NULL,
    -- {agent: whether it may fetch the domain's root}, worked out when the file was stored
    -- (NULL for a file stored by 1.0.0: worked out at each read)
    root_allowed TEXT,
    PRIMARY KEY (workspace_id, domain)
) STRICT, WITHOUT ROWID;
-- The operators' address ranges as `tracker traffic update-ranges` last fetched them; they
-- replace the bundled snapshot's (traffic_agents.json) range by range.
CREATE TABLE traffic_ranges (
    name          TEXT PRIMARY KEY,
    url           TEXT NOT NULL,
    creation_time TEXT,
    prefixes      TEXT NOT NULL,
    fetched_at    TEXT NOT NULL
) STRICT;

-- Actions (tracker.py, "Actions"): what to do next, each computed from the figures above.
-- key is the action's identity (its kind and what it is about: a page, a brand, a rule
-- line, a host, a signal, a topic), so a recompute updates a row rather than adding one;
-- current is 0 once a recompute no longer finds it. evidence, impact and outcome are JSON
-- as GET /actions shows them; impact_points and strength order the list. A done action is
-- measured again at remeasure_at (its outcome then says whether the figure moved).
-- MIGRATIONS[13] creates these tables (actions_schema_sql) as they are written here.
CREATE TABLE actions (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id  INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('cited-page-gap', 'own-page-uncited',
                                                'robots-blocks', 'pages-not-crawled',
                                                'visibility-drop', 'prompt-gap')),
    key           TEXT NOT NULL,
    title         TEXT NOT NULL,
    evidence      TEXT NOT NULL,
    impact        TEXT NOT NULL,
    impact_points REAL,  -- impact's value, NULL when it is "unknown"
    strength      INTEGER NOT NULL,  -- the answers or pages behind it: the order past impact
    brand_ids     TEXT NOT NULL DEFAULT '[]',
    topic_ids     TEXT NOT NULL DEFAULT '[]',
    engines       TEXT NOT NULL DEFAULT '[]',
    current       INTEGER NOT NULL DEFAULT 1 CHECK (current IN (0, 1)),
    status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'dismissed')),
    status_at     TEXT,
    remeasure_at  TEXT,
    outcome       TEXT,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    UNIQUE (workspace_id, key)
) STRICT;

CREATE INDEX actions_list ON actions (workspace_id, current, impact_points, strength);

-- Each workspace's action computes: one at a time (a refresh asked, or running since), and
-- the UTC day the worker last computed them.
CREATE TABLE action_refreshes (
    workspace_id INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    requested_at TEXT,
    started_at   TEXT,
    day          TEXT,
    digest_week  TEXT   -- the Monday (YYYY-MM-DD) of the last week whose actions.digest is out
) STRICT;

-- The demand behind each prompt (issue 44): the monthly search volume of its keyword (its
-- text) in its location ('' for none: the United States in English) and language, from
-- DataForSEO's AI Keyword Data (source 'ai') and Google Ads (source 'google-ads'), asked
-- once per calendar month (month: 'YYYY-MM' of the fetch). volume is NULL when the source
-- had no data (not asked again that month); data_month is the month the volume describes;
-- cost is the keyword's share of its request's USD.
CREATE TABLE prompt_demand (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    keyword      TEXT NOT NULL,
    location     TEXT NOT NULL,
    language     TEXT NOT NULL,
    month        TEXT NOT NULL,
    source       TEXT NOT NULL CHECK (source IN ('ai', 'google-ads')),
    volume       INTEGER CHECK (volume >= 0),
    data_month   TEXT,
    cost         REAL NOT NULL,
    fetched_at   TEXT NOT NULL,
    PRIMARY KEY (workspace_id, keyword, location, language, month, source)
) STRICT, WITHOUT ROWID;

-- What the server spent on demand each calendar month, per source (--demand-budget bounds
-- the month's total; kept so that a restart does not reset it), and its largest request's
-- cost: the estimate of the next request, which must fit in what is left.
CREATE TABLE demand_spend (
    month   TEXT NOT NULL,
    source  TEXT NOT NULL CHECK (source IN ('ai', 'google-ads')),
    spent   REAL NOT NULL,
    calls   INTEGER NOT NULL,
    largest REAL NOT NULL,
    PRIMARY KEY (month, source)
) STRICT, WITHOUT ROWID;

-- Prompt suggestions (tracker.py, "Prompt suggestions"). What the engines searched while
-- answering the workspace's prompts, rolled up per normalised query (query_key: lower-case
-- ASCII, runs of spaces, tabs and newlines made one space, trimmed) so that
-- GET /prompt-suggestions reads one row per query rather than every chat's searches. The
-- distinct prompts, engines and days stay exact under deletes: each has a table of its
-- searches per query, whose row is deleted when its count reaches zero, and its inserts and
-- deletes count the query's distinct values. text is the query as a search wrote it;
-- last_chat_id the latest chat of that prompt searching it (an example: it may be gone).
-- MIGRATIONS[13] creates these tables (suggestions_schema_sql) as they are written here.
CREATE TABLE searched_queries (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    query_key    TEXT NOT NULL,
    text         TEXT NOT NULL,
    searches     INTEGER NOT NULL,
    prompts      INTEGER NOT NULL DEFAULT 0,
    engines      INTEGER NOT NULL DEFAULT 0,
    days         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, query_key)
) STRICT, WITHOUT ROWID;

CREATE TABLE searched_query_prompts (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    query_key    TEXT NOT NULL,
    prompt_id    INTEGER NOT NULL,
    searches     INTEGER NOT NULL,
    last_chat_id INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, query_key, prompt_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE searched_query_engines (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    query_key    TEXT NOT NULL,
    engine       TEXT NOT NULL,
    searches     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, query_key, engine)
) STRICT, WITHOUT ROWID;

CREATE TABLE searched_query_days (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    query_key    TEXT NOT NULL,
    day          TEXT NOT NULL,
    searches     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, query_key, day)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER chat_searches_query_insert AFTER INSERT ON chat_searches BEGIN
    INSERT INTO searched_queries (workspace_id, query_key, text, searches)
    VALUES (new.workspace_id, lower(trim(replace(replace(replace(replace(replace(new.query, char(9), ' '), char(10), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), ''))), trim(new.query), 1)
    ON CONFLICT (workspace_id, query_key) DO UPDATE SET searches = searches + 1;
    INSERT INTO searched_query_prompts (workspace_id, query_key, prompt_id, searches, last_chat_id)
    VALUES (new.workspace_id, lower(trim(replace(replace(replace(replace(replace(new.query, char(9), ' '), char(10), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), ''))), new.prompt_id, 1, new.chat_id)
    ON CONFLICT (workspace_id, query_key, prompt_id) DO UPDATE SET searches = searches + 1,
        last_chat_id = max(last_chat_id, excluded.last_chat_id);
    INSERT INTO searched_query_engines (workspace_id, query_key, engine, searches)
    VALUES (new.workspace_id, lower(trim(replace(replace(replace(replace(replace(new.query, char(9), ' '), char(10), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), ''))), new.engine, 1)
    ON CONFLICT (workspace_id, query_key, engine) DO UPDATE SET searches = searches + 1;
    INSERT INTO searched_query_days (workspace_id, query_key, day, searches)
    VALUES (new.workspace_id, lower(trim(replace(replace(replace(replace(replace(new.query, char(9), ' '), char(10), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), ''))), substr(new.created_at, 1, 10), 1)
    ON CONFLICT (workspace_id, query_key, day) DO UPDATE SET searches = searches + 1;
END;

-- The counts of distinct values are kept last, so searched_queries' row goes last of all.
CREATE TRIGGER chat_searches_query_delete AFTER DELETE ON chat_searches BEGIN
    UPDATE searched_query_prompts SET searches = searches - 1
    WHERE workspace_id = old.workspace_id AND query_key = lower(trim(replace(replace(replace(replace(replace(old.query, char(9), ' '), char(10), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), ''))) AND prompt_id = old.prompt_id;
    UPDATE searched_query_engines SET searches = searches - 1
    WHERE workspace_id = old.workspace_id AND query_key = lower(trim(replace(replace(replace(replace(replace(old.query, char(9), ' '), char(10), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), ''))) AND engine = old.engine;
    UPDATE searched_query_days SET searches = searches - 1
    WHERE workspace_id = old.workspace_id AND query_key = lower(trim(replace(replace(replace(replace(replace(old.query, char(9), ' '), char(10), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), '')))
      AND day = substr(old.created_at, 1, 10);
    UPDATE searched_queries SET searches = searches - 1
    WHERE workspace_id = old.workspace_id AND query_key = lower(trim(replace(replace(replace(replace(replace(old.query, char(9), ' '), char(10), ' '), ' ', ' ' || char(1)), char(1) || ' ', ''), char(1), '')));
END;

CREATE TRIGGER searched_query_prompts_insert AFTER INSERT ON searched_query_prompts BEGIN
    UPDATE searched_queries SET prompts = prompts + 1
    WHERE workspace_id = new.workspace_id AND query_key = new.query_key;
END;

CREATE TRIGGER searched_query_prompts_empty AFTER UPDATE OF searches ON searched_query_prompts WHEN new.searches = 0 BEGIN
    DELETE FROM searched_query_prompts WHERE workspace_id = new.workspace_id AND query_key = new.query_key
                         AND prompt_id = new.prompt_id;
    UPDATE searched_queries SET prompts = prompts - 1
    WHERE workspace_id = new.workspace_id AND query_key = new.query_key;
END;

CREATE TRIGGER searched_query_engines_insert AFTER INSERT ON searched_query_engines BEGIN
    UPDATE searched_queries SET engines = engines + 1
    WHERE workspace_id = new.workspace_id AND query_key = new.query_key;
END;

CREATE TRIGGER searched_query_engines_empty AFTER UPDATE OF searches ON searched_query_engines WHEN new.searches = 0 BEGIN
    DELETE FROM searched_query_engines WHERE workspace_id = new.workspace_id AND query_key = new.query_key
                         AND engine = new.engine;
    UPDATE searched_queries SET engines = engines - 1
    WHERE workspace_id = new.workspace_id AND query_key = new.query_key;
END;

CREATE TRIGGER searched_query_days_insert AFTER INSERT ON searched_query_days BEGIN
    UPDATE searched_queries SET days = days + 1
    WHERE workspace_id = new.workspace_id AND query_key = new.query_key;
END;

CREATE TRIGGER searched_query_days_empty AFTER UPDATE OF searches ON searched_query_days WHEN new.searches = 0 BEGIN
    DELETE FROM searched_query_days WHERE workspace_id = new.workspace_id AND query_key = new.query_key
                         AND day = new.day;
    UPDATE searched_queries SET days = days - 1
    WHERE workspace_id = new.workspace_id AND query_key = new.query_key;
END;

CREATE TRIGGER searched_queries_empty AFTER UPDATE OF searches ON searched_queries
WHEN new.searches = 0 BEGIN
    DELETE FROM searched_queries WHERE workspace_id = new.workspace_id
                                   AND query_key = new.query_key;
END;

-- A suggestion accepted (prompt_id: the prompt it made) or dismissed, by its id (a digest
-- of its source and normalised text, text_key, so that it survives the suggestions'
-- recomputes); the list leaves out each source's text_keys.
CREATE TABLE suggestion_states (
    workspace_id  INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    suggestion_id TEXT NOT NULL,
    source        TEXT NOT NULL,
    text_key      TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('accepted', 'dismissed')),
    prompt_id     INTEGER REFERENCES prompts (id) ON DELETE SET NULL,
    updated_at    TEXT NOT NULL,
    PRIMARY KEY (workspace_id, suggestion_id)
) STRICT, WITHOUT ROWID;

PRAGMA user_version = 14;
