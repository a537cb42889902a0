-- SQLite dump (by APSW 3.54.1.0)
-- SQLite version 3.54.1
-- Date: Mon Nov 23 03:20:02 2026
-- Tables like: (All)
-- Database: /tmp/v4.db
-- User: root @ vm

-- The values of various per-database settings
PRAGMA page_size=4096;
-- PRAGMA encoding='UTF-8';
-- PRAGMA auto_vacuum=NONE;
-- PRAGMA max_page_count=4294967294;

-- This pragma is needed to restore virtual tables
PRAGMA writable_schema=ON;

BEGIN TRANSACTION;

-- Table  api_keys
DROP TABLE IF EXISTS api_keys;
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
INSERT INTO api_keys VALUES(1,1,'default',X'720A7AF90ABD25F732498E3A9605BB96783DFA06828AFF91CC263F1C9217DFBF','trk_aaaa','35tI','read,write',60,NULL,NULL,'2026-11-21T09:30:00.000Z');
-- Triggers and indices on  api_keys
CREATE TRIGGER api_keys_auth_delete AFTER DELETE ON api_keys BEGIN
    UPDATE auth_version SET version = version + 1;
END;
CREATE TRIGGER api_keys_auth_update AFTER UPDATE ON api_keys BEGIN
    UPDATE auth_version SET version = version + 1;
END;
CREATE INDEX api_keys_workspace ON api_keys (workspace_id);

-- Table  auth_version
DROP TABLE IF EXISTS auth_version;
CREATE TABLE auth_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
) STRICT;
INSERT INTO auth_version VALUES(1,0);

-- Table  brand_refresh
DROP TABLE IF EXISTS brand_refresh;
CREATE TABLE brand_refresh (
    workspace_id  INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    after_chat_id INTEGER NOT NULL DEFAULT 0,
    generation    INTEGER NOT NULL DEFAULT 0
) STRICT;

-- Table  brands
DROP TABLE IF EXISTS brands;
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
INSERT INTO brands VALUES(1,1,'Acme','acme','[]',NULL,0,'["acme.example"]',NULL,NULL,NULL,'active','competitor','#6b7280',1.0,'2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z');
-- Triggers and indices on  brands
CREATE UNIQUE INDEX brands_name ON brands (workspace_id, name_key);

-- Table  chat_brands
DROP TABLE IF EXISTS chat_brands;
CREATE TABLE chat_brands (
    chat_id      INTEGER NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    brand_id     INTEGER NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    position     INTEGER,
    mentions     INTEGER NOT NULL,
    cited        INTEGER NOT NULL CHECK (cited IN (0, 1)),
    engine       TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    PRIMARY KEY (chat_id, brand_id)
) STRICT, WITHOUT ROWID;
INSERT INTO chat_brands VALUES(1,1,1,1,2,1,'simulated','2026-11-21T09:30:00.000Z');
-- Triggers and indices on  chat_brands
CREATE INDEX chat_brands_brand ON chat_brands (brand_id, chat_id);
CREATE TRIGGER chat_brands_daily_delete AFTER DELETE ON chat_brands BEGIN
    UPDATE daily_brands SET mentioned = mentioned - (old.position IS NOT NULL),
        position_sum = position_sum - coalesce(old.position, 0), cited = cited - old.cited
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND brand_id = old.brand_id;
END;
CREATE TRIGGER chat_brands_daily_insert AFTER INSERT ON chat_brands BEGIN
    INSERT INTO daily_brands (workspace_id, day, engine, brand_id, mentioned, position_sum, cited)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.brand_id,
            new.position IS NOT NULL, coalesce(new.position, 0), new.cited)
    ON CONFLICT (workspace_id, day, engine, brand_id) DO UPDATE SET
        mentioned = mentioned + excluded.mentioned,
        position_sum = position_sum + excluded.position_sum,
        cited = cited + excluded.cited;
END;
CREATE INDEX chat_brands_window ON chat_brands (workspace_id, created_at, brand_id, position, cited);

-- Table  chat_sources
DROP TABLE IF EXISTS chat_sources;
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
    UNIQUE (chat_id, url)
) STRICT;
INSERT INTO chat_sources VALUES(1,1,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-21T09:30:00.000Z',1,1);
INSERT INTO chat_sources VALUES(2,1,1,'https://acme.example/','acme.example','acme.example','simulated','2026-11-21T09:30:00.000Z',1,2);
-- Triggers and indices on  chat_sources
CREATE INDEX chat_sources_chat_domain ON chat_sources (chat_id, domain);
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
CREATE TRIGGER chat_sources_daily_insert AFTER INSERT ON chat_sources BEGIN
    INSERT INTO daily_domains (workspace_id, day, engine, domain, citations, chats, first_seen,
                               last_seen, retrieved_chats)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.domain, new.cited,
            new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                      AND o.domain = new.domain AND o.id <> new.id AND o.cited),
            new.created_at, new.created_at,
            NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                        AND o.domain = new.domain AND o.id <> new.id))
    ON CONFLICT (workspace_id, day, engine, domain) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats,
        first_seen = min(coalesce(first_seen, excluded.first_seen), excluded.first_seen),
        last_seen = max(coalesce(last_seen, excluded.last_seen), excluded.last_seen);
END;
CREATE INDEX chat_sources_domain ON chat_sources (workspace_id, domain, created_at);
CREATE INDEX chat_sources_window ON chat_sources (workspace_id, created_at, domain, chat_id);

-- Table  chats
DROP TABLE IF EXISTS chats;
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
    UNIQUE (run_id, engine)
) STRICT;
INSERT INTO chats VALUES(1,1,1,1,'Best CRM?','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “Best CRM?” in US:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Acme**: strong on integrations and reporting. See [acme.example](https://acme.example/).
3. **Stark Analytics**: popular with small teams for its pricing.','[]','{"inputTokens": 3, "outputTokens": 99, "searches": 0}',0,'2026-11-21T09:30:00.000Z','[]','[]','not_searched');
-- Triggers and indices on  chats
CREATE TRIGGER chats_daily_delete AFTER DELETE ON chats BEGIN
    UPDATE daily_chats SET chats = chats - 1
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine;
END;
CREATE TRIGGER chats_daily_insert AFTER INSERT ON chats BEGIN
    INSERT INTO daily_chats (workspace_id, day, engine, chats)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, 1)
    ON CONFLICT (workspace_id, day, engine) DO UPDATE SET chats = chats + 1;
END;
CREATE INDEX chats_prompt ON chats (prompt_id, created_at);
CREATE INDEX chats_workspace_created ON chats (workspace_id, created_at);

-- Table  daily_brands
DROP TABLE IF EXISTS daily_brands;
CREATE TABLE daily_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    mentioned    INTEGER NOT NULL,
    position_sum INTEGER NOT NULL,
    cited        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, brand_id)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_brands VALUES(1,'2026-11-21','simulated',1,1,1,1);

-- Table  daily_chats
DROP TABLE IF EXISTS daily_chats;
CREATE TABLE daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_chats VALUES(1,'2026-11-21','simulated',1);

-- Table  daily_domains
DROP TABLE IF EXISTS daily_domains;
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
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','acme.example',1,1,'2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','umbrella.example',1,1,'2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z',1);

-- Table  idempotency_keys
DROP TABLE IF EXISTS idempotency_keys;
CREATE TABLE idempotency_keys (
    api_key_id   INTEGER NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    key          TEXT NOT NULL,
    request_hash BLOB NOT NULL,
    status       INTEGER NOT NULL,
    body         BLOB NOT NULL,
    created_at   TEXT NOT NULL,
    PRIMARY KEY (api_key_id, key)
) STRICT, WITHOUT ROWID;
-- Triggers and indices on  idempotency_keys
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Table  organizations
DROP TABLE IF EXISTS organizations;
CREATE TABLE organizations (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    name                TEXT NOT NULL,
    plan                TEXT NOT NULL DEFAULT 'self-hosted',
    subscription_status TEXT NOT NULL DEFAULT 'active',
    api_access          INTEGER NOT NULL DEFAULT 1 CHECK (api_access IN (0, 1)),
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL
) STRICT;
INSERT INTO organizations VALUES(1,'Acme','self-hosted','active',1,'2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z');
-- Triggers and indices on  organizations
CREATE TRIGGER organizations_auth_delete AFTER DELETE ON organizations BEGIN
    UPDATE auth_version SET version = version + 1;
END;
CREATE TRIGGER organizations_auth_update AFTER UPDATE ON organizations BEGIN
    UPDATE auth_version SET version = version + 1;
END;

-- Table  prompt_counts
DROP TABLE IF EXISTS prompt_counts;
CREATE TABLE prompt_counts (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    status       TEXT NOT NULL,
    prompts      INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, status)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_counts VALUES(1,'active',1);

-- Table  prompt_tags
DROP TABLE IF EXISTS prompt_tags;
CREATE TABLE prompt_tags (
    prompt_id INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    tag_id    INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (prompt_id, tag_id)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_tags VALUES(1,1);
-- Triggers and indices on  prompt_tags
CREATE TRIGGER prompt_tags_count_delete AFTER DELETE ON prompt_tags BEGIN
    UPDATE tags SET prompt_count = prompt_count - 1 WHERE id = old.tag_id;
END;
CREATE TRIGGER prompt_tags_count_insert AFTER INSERT ON prompt_tags BEGIN
    UPDATE tags SET prompt_count = prompt_count + 1 WHERE id = new.tag_id;
END;
CREATE INDEX prompt_tags_tag ON prompt_tags (tag_id, prompt_id);

-- Table  prompts
DROP TABLE IF EXISTS prompts;
CREATE TABLE prompts (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id      INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    text              TEXT NOT NULL,
    status            TEXT NOT NULL
                      CHECK (status IN ('draft', 'active', 'paused', 'suggested', 'rejected')),
    location          TEXT,
    topic_id          INTEGER REFERENCES topics (id) ON DELETE SET NULL,
    dedupe_key        TEXT NOT NULL,
    last_scheduled_at TEXT,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL
) STRICT;
INSERT INTO prompts VALUES(1,1,'Best CRM?','active','US',1,'best crm?us','2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z');
-- Triggers and indices on  prompts
CREATE TRIGGER prompts_count_delete AFTER DELETE ON prompts BEGIN
    UPDATE prompt_counts SET prompts = prompts - 1
    WHERE workspace_id = old.workspace_id AND status = old.status;
END;
CREATE TRIGGER prompts_count_insert AFTER INSERT ON prompts BEGIN
    INSERT INTO prompt_counts (workspace_id, status, prompts) VALUES (new.workspace_id, new.status, 1)
    ON CONFLICT (workspace_id, status) DO UPDATE SET prompts = prompts + 1;
END;
CREATE TRIGGER prompts_count_update AFTER UPDATE OF workspace_id, status ON prompts
WHEN new.workspace_id IS NOT old.workspace_id OR new.status IS NOT old.status BEGIN
    UPDATE prompt_counts SET prompts = prompts - 1
    WHERE workspace_id = old.workspace_id AND status = old.status;
    INSERT INTO prompt_counts (workspace_id, status, prompts) VALUES (new.workspace_id, new.status, 1)
    ON CONFLICT (workspace_id, status) DO UPDATE SET prompts = prompts + 1;
END;
CREATE INDEX prompts_dedupe ON prompts (workspace_id, dedupe_key);
CREATE TRIGGER prompts_fts_delete AFTER DELETE ON prompts BEGIN
    INSERT INTO prompts_fts (prompts_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER prompts_fts_insert AFTER INSERT ON prompts BEGIN
    INSERT INTO prompts_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER prompts_fts_update AFTER UPDATE OF text ON prompts BEGIN
    INSERT INTO prompts_fts (prompts_fts, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO prompts_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE INDEX prompts_schedule ON prompts (status, last_scheduled_at);
CREATE INDEX prompts_topic ON prompts (topic_id);
CREATE INDEX prompts_workspace ON prompts (workspace_id);
CREATE INDEX prompts_workspace_status ON prompts (workspace_id, status);
CREATE INDEX prompts_workspace_topic ON prompts (workspace_id, topic_id);

-- Table  prompts_fts
DELETE FROM sqlite_schema WHERE name='prompts_fts' AND type='table';
INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql) VALUES('table','prompts_fts','prompts_fts',0,'CREATE VIRTUAL TABLE prompts_fts USING fts5 (
    text, content = ''prompts'', content_rowid = ''id'', tokenize = ''trigram''
)');

-- Table  prompts_fts_config
DROP TABLE IF EXISTS prompts_fts_config;
CREATE TABLE 'prompts_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;
INSERT INTO prompts_fts_config VALUES('version',4);

-- Table  prompts_fts_data
DROP TABLE IF EXISTS prompts_fts_data;
CREATE TABLE 'prompts_fts_data'(id INTEGER PRIMARY KEY, block BLOB);
INSERT INTO prompts_fts_data VALUES(1,X'0107');
INSERT INTO prompts_fts_data VALUES(10,X'000000000101010001010101');
INSERT INTO prompts_fts_data VALUES(137438953473,X'0000003C04302063720102060103626573010202010363726D01020701036573740102030103726D3F0102080103737420010204010374206301020504080808080808');

-- Table  prompts_fts_docsize
DROP TABLE IF EXISTS prompts_fts_docsize;
CREATE TABLE 'prompts_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
INSERT INTO prompts_fts_docsize VALUES(1,X'07');

-- Table  prompts_fts_idx
DROP TABLE IF EXISTS prompts_fts_idx;
CREATE TABLE 'prompts_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
INSERT INTO prompts_fts_idx VALUES(1,X'',2);

-- Table  runs
DROP TABLE IF EXISTS runs;
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
INSERT INTO runs VALUES(1,1,1,'done','2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z',1,NULL,NULL,NULL,'2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z');
-- Triggers and indices on  runs
CREATE INDEX runs_claimable ON runs (state, not_before) WHERE state IN ('queued', 'running');
CREATE INDEX runs_prompt_state ON runs (prompt_id, state);
CREATE INDEX runs_workspace ON runs (workspace_id, prompt_id);

-- Table  tags
DROP TABLE IF EXISTS tags;
CREATE TABLE tags (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    color        TEXT NOT NULL DEFAULT 'gray',
    prompt_count INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    embedded     BLOB  -- the tag as a prompt embeds it (JSONB, no promptCount), kept below
) STRICT;
INSERT INTO tags VALUES(1,1,'core','core','gray',1,'2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z',X'CC812769641331476E616D6547636F726557636F6C6F72476772617987686578436F6C6F727723366237323830B7776F726B73706163654964133197637265617465644174C718323032362D31312D32315430393A33303A30302E3030305A97757064617465644174C718323032362D31312D32315430393A33303A30302E3030305A');
-- Triggers and indices on  tags
CREATE TRIGGER tags_embedded_insert AFTER INSERT ON tags BEGIN
    UPDATE tags SET updated_at = NEW.updated_at WHERE id = NEW.id;
END;
CREATE TRIGGER tags_embedded_update AFTER UPDATE OF workspace_id, name, color, created_at,
updated_at ON tags BEGIN
    UPDATE tags SET embedded = jsonb_object(
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
CREATE UNIQUE INDEX tags_name ON tags (workspace_id, name_key);

-- Table  topics
DROP TABLE IF EXISTS topics;
CREATE TABLE topics (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    embedded     BLOB  -- the topic as a prompt embeds it (JSONB), kept by the triggers below
) STRICT;
INSERT INTO topics VALUES(1,1,'CRM','crm','2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z',X'CC642769641331476E616D653743524DB7776F726B73706163654964133197637265617465644174C718323032362D31312D32315430393A33303A30302E3030305A97757064617465644174C718323032362D31312D32315430393A33303A30302E3030305A');
-- Triggers and indices on  topics
CREATE TRIGGER topics_embedded_insert AFTER INSERT ON topics BEGIN
    UPDATE topics SET updated_at = NEW.updated_at WHERE id = NEW.id;
END;
CREATE TRIGGER topics_embedded_update AFTER UPDATE OF workspace_id, name, created_at, updated_at
ON topics BEGIN
    UPDATE topics SET embedded = jsonb_object(
        'id', NEW.id, 'name', NEW.name, 'workspaceId', NEW.workspace_id,
        'createdAt', NEW.created_at, 'updatedAt', NEW.updated_at)
    WHERE id = NEW.id;
END;
CREATE UNIQUE INDEX topics_name ON topics (workspace_id, name_key);

-- Table  workspaces
DROP TABLE IF EXISTS workspaces;
CREATE TABLE workspaces (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id INTEGER NOT NULL REFERENCES organizations (id),
    name            TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
) STRICT;
INSERT INTO workspaces VALUES(1,1,'Acme','2026-11-21T09:30:00.000Z','2026-11-21T09:30:00.000Z');
-- Triggers and indices on  workspaces
CREATE TRIGGER workspaces_auth_delete AFTER DELETE ON workspaces BEGIN
    UPDATE auth_version SET version = version + 1;
END;
CREATE TRIGGER workspaces_auth_update AFTER UPDATE ON workspaces BEGIN
    UPDATE auth_version SET version = version + 1;
END;
CREATE INDEX workspaces_organization ON workspaces (organization_id);

-- For primary key autoincrements the next id to use is stored in
-- sqlite_sequence
DELETE FROM main.sqlite_sequence WHERE name='api_keys';
INSERT INTO main.sqlite_sequence VALUES ('api_keys', 1);
DELETE FROM main.sqlite_sequence WHERE name='brands';
INSERT INTO main.sqlite_sequence VALUES ('brands', 1);
DELETE FROM main.sqlite_sequence WHERE name='chats';
INSERT INTO main.sqlite_sequence VALUES ('chats', 1);
DELETE FROM main.sqlite_sequence WHERE name='organizations';
INSERT INTO main.sqlite_sequence VALUES ('organizations', 1);
DELETE FROM main.sqlite_sequence WHERE name='prompts';
INSERT INTO main.sqlite_sequence VALUES ('prompts', 1);
DELETE FROM main.sqlite_sequence WHERE name='runs';
INSERT INTO main.sqlite_sequence VALUES ('runs', 1);
DELETE FROM main.sqlite_sequence WHERE name='tags';
INSERT INTO main.sqlite_sequence VALUES ('tags', 1);
DELETE FROM main.sqlite_sequence WHERE name='topics';
INSERT INTO main.sqlite_sequence VALUES ('topics', 1);
DELETE FROM main.sqlite_sequence WHERE name='workspaces';
INSERT INTO main.sqlite_sequence VALUES ('workspaces', 1);

-- Database header
pragma user_version=4;

COMMIT TRANSACTION;

-- Restoring writable schema back to default
PRAGMA writable_schema=OFF;

-- We need to force SQLite to reread the schema because otherwise it doesn't
-- know that the virtual tables we inserted directly into sqlite_schema exist.
BEGIN;
CREATE TABLE no_such_table(x,y,z);
ROLLBACK;
