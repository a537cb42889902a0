-- SQLite dump (by APSW 3.54.1.0)
-- SQLite version 3.54.1
-- Date: Wed Nov 25 14:53:56 2026
-- Tables like: (All)
-- Database: /tmp/v11code/v11.db
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
INSERT INTO api_keys VALUES(1,1,'default',X'65C3D0A1ACB2F27DB5D21FD864DA7231CE1C87CCF8C936C504A535D5C7BC21C4','trk_S39V','QqTY','read,write',60,NULL,NULL,'2026-11-16T08:00:00.000Z');
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
INSERT INTO brands VALUES(1,1,'Acme','acme','[]',NULL,0,'["acme.com"]',NULL,NULL,NULL,'active','own','#6b7280',0.6666666666666666,'2026-11-25T08:00:00.000Z','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO brands VALUES(2,1,'Globex','globex','[]',NULL,0,'["globex.com"]',NULL,NULL,NULL,'active','competitor','#6b7280',1.0,'2026-11-25T08:00:00.000Z','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO brands VALUES(3,1,'Initech','initech','[]',NULL,0,'["initech.com"]',NULL,NULL,NULL,'active','competitor','#6b7280',0.6666666666666666,'2026-11-25T08:00:00.000Z','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
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
    -- what the sentences naming the brand say of it (NULL when it is only cited)
    sentiment    TEXT CHECK (sentiment IN ('positive', 'neutral', 'negative')),
    sentiment_score REAL,  -- -1 to 1
    PRIMARY KEY (chat_id, brand_id)
) STRICT, WITHOUT ROWID;
INSERT INTO chat_brands VALUES(1,1,1,2,2,1,'simulated','2026-11-16T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(1,2,1,1,2,1,'simulated','2026-11-16T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(1,3,1,3,2,1,'simulated','2026-11-16T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(2,1,1,1,2,1,'simulated','2026-11-16T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(2,2,1,2,2,1,'simulated','2026-11-16T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(3,2,1,1,1,0,'simulated','2026-11-16T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(4,1,1,1,2,1,'simulated','2026-11-16T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(4,2,1,2,2,1,'simulated','2026-11-16T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(4,3,1,3,2,1,'simulated','2026-11-16T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(5,2,1,1,2,1,'simulated','2026-11-16T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(5,3,1,2,4,1,'simulated','2026-11-16T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(6,1,1,3,2,1,'simulated','2026-11-16T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(6,2,1,1,3,1,'simulated','2026-11-16T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(6,3,1,2,1,0,'simulated','2026-11-16T08:00:00.000Z','positive',0.765);
INSERT INTO chat_brands VALUES(8,1,1,2,2,1,'simulated','2026-11-17T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(8,2,1,1,2,1,'simulated','2026-11-17T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(8,3,1,3,2,1,'simulated','2026-11-17T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(9,1,1,1,2,1,'simulated','2026-11-17T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(9,2,1,2,2,1,'simulated','2026-11-17T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(10,2,1,1,1,0,'simulated','2026-11-17T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(11,1,1,1,2,1,'simulated','2026-11-17T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(11,2,1,2,2,1,'simulated','2026-11-17T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(11,3,1,3,2,1,'simulated','2026-11-17T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(12,2,1,1,2,1,'simulated','2026-11-17T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(12,3,1,2,4,1,'simulated','2026-11-17T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(13,1,1,3,2,1,'simulated','2026-11-17T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(13,2,1,1,3,1,'simulated','2026-11-17T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(13,3,1,2,1,0,'simulated','2026-11-17T08:00:00.000Z','positive',0.765);
INSERT INTO chat_brands VALUES(15,1,1,2,2,1,'simulated','2026-11-18T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(15,2,1,1,2,1,'simulated','2026-11-18T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(15,3,1,3,2,1,'simulated','2026-11-18T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(16,1,1,1,2,1,'simulated','2026-11-18T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(16,2,1,2,2,1,'simulated','2026-11-18T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(17,2,1,1,1,0,'simulated','2026-11-18T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(18,1,1,1,2,1,'simulated','2026-11-18T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(18,2,1,2,2,1,'simulated','2026-11-18T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(18,3,1,3,2,1,'simulated','2026-11-18T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(19,2,1,1,2,1,'simulated','2026-11-18T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(19,3,1,2,4,1,'simulated','2026-11-18T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(20,1,1,3,2,1,'simulated','2026-11-18T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(20,2,1,1,3,1,'simulated','2026-11-18T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(20,3,1,2,1,0,'simulated','2026-11-18T08:00:00.000Z','positive',0.765);
INSERT INTO chat_brands VALUES(22,1,1,2,2,1,'simulated','2026-11-19T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(22,2,1,1,2,1,'simulated','2026-11-19T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(22,3,1,3,2,1,'simulated','2026-11-19T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(23,1,1,1,2,1,'simulated','2026-11-19T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(23,2,1,2,2,1,'simulated','2026-11-19T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(24,2,1,1,1,0,'simulated','2026-11-19T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(25,1,1,1,2,1,'simulated','2026-11-19T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(25,2,1,2,2,1,'simulated','2026-11-19T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(25,3,1,3,2,1,'simulated','2026-11-19T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(26,2,1,1,2,1,'simulated','2026-11-19T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(26,3,1,2,4,1,'simulated','2026-11-19T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(27,1,1,3,2,1,'simulated','2026-11-19T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(27,2,1,1,3,1,'simulated','2026-11-19T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(27,3,1,2,1,0,'simulated','2026-11-19T08:00:00.000Z','positive',0.765);
INSERT INTO chat_brands VALUES(29,1,1,2,2,1,'simulated','2026-11-20T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(29,2,1,1,2,1,'simulated','2026-11-20T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(29,3,1,3,2,1,'simulated','2026-11-20T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(30,1,1,1,2,1,'simulated','2026-11-20T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(30,2,1,2,2,1,'simulated','2026-11-20T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(31,2,1,1,1,0,'simulated','2026-11-20T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(32,1,1,1,2,1,'simulated','2026-11-20T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(32,2,1,2,2,1,'simulated','2026-11-20T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(32,3,1,3,2,1,'simulated','2026-11-20T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(33,2,1,1,2,1,'simulated','2026-11-20T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(33,3,1,2,4,1,'simulated','2026-11-20T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(34,1,1,3,2,1,'simulated','2026-11-20T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(34,2,1,1,3,1,'simulated','2026-11-20T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(34,3,1,2,1,0,'simulated','2026-11-20T08:00:00.000Z','positive',0.765);
INSERT INTO chat_brands VALUES(36,1,1,2,2,1,'simulated','2026-11-21T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(36,2,1,1,2,1,'simulated','2026-11-21T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(36,3,1,3,2,1,'simulated','2026-11-21T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(37,1,1,1,2,1,'simulated','2026-11-21T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(37,2,1,2,2,1,'simulated','2026-11-21T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(38,2,1,1,1,0,'simulated','2026-11-21T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(39,1,1,1,2,1,'simulated','2026-11-21T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(39,2,1,2,2,1,'simulated','2026-11-21T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(39,3,1,3,2,1,'simulated','2026-11-21T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(40,2,1,1,2,1,'simulated','2026-11-21T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(40,3,1,2,4,1,'simulated','2026-11-21T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(41,1,1,3,2,1,'simulated','2026-11-21T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(41,2,1,1,3,1,'simulated','2026-11-21T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(41,3,1,2,1,0,'simulated','2026-11-21T08:00:00.000Z','positive',0.765);
INSERT INTO chat_brands VALUES(43,1,1,2,2,1,'simulated','2026-11-22T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(43,2,1,1,2,1,'simulated','2026-11-22T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(43,3,1,3,2,1,'simulated','2026-11-22T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(44,1,1,1,2,1,'simulated','2026-11-22T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(44,2,1,2,2,1,'simulated','2026-11-22T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(45,2,1,1,1,0,'simulated','2026-11-22T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(46,1,1,1,2,1,'simulated','2026-11-22T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(46,2,1,2,2,1,'simulated','2026-11-22T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(46,3,1,3,2,1,'simulated','2026-11-22T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(47,2,1,1,2,1,'simulated','2026-11-22T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(47,3,1,2,4,1,'simulated','2026-11-22T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(48,1,1,3,2,1,'simulated','2026-11-22T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(48,2,1,1,3,1,'simulated','2026-11-22T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(48,3,1,2,1,0,'simulated','2026-11-22T08:00:00.000Z','positive',0.765);
INSERT INTO chat_brands VALUES(50,1,1,2,2,1,'simulated','2026-11-23T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(50,2,1,1,2,1,'simulated','2026-11-23T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(50,3,1,3,2,1,'simulated','2026-11-23T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(51,1,1,1,2,1,'simulated','2026-11-23T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(51,2,1,2,2,1,'simulated','2026-11-23T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(52,2,1,1,1,0,'simulated','2026-11-23T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(53,1,1,1,2,1,'simulated','2026-11-23T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(53,2,1,2,2,1,'simulated','2026-11-23T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(53,3,1,3,2,1,'simulated','2026-11-23T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(54,2,1,1,2,1,'simulated','2026-11-23T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(54,3,1,2,4,1,'simulated','2026-11-23T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(55,1,1,3,2,1,'simulated','2026-11-23T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(55,2,1,1,3,1,'simulated','2026-11-23T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(55,3,1,2,1,0,'simulated','2026-11-23T08:00:00.000Z','positive',0.765);
INSERT INTO chat_brands VALUES(56,1,1,2,2,1,'simulated','2026-11-24T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(56,2,1,1,2,1,'simulated','2026-11-24T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(56,3,1,3,2,1,'simulated','2026-11-24T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(57,1,1,1,2,1,'simulated','2026-11-24T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(57,2,1,2,2,1,'simulated','2026-11-24T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(58,2,1,1,1,0,'simulated','2026-11-24T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(59,1,1,1,2,1,'simulated','2026-11-24T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(59,2,1,2,2,1,'simulated','2026-11-24T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(59,3,1,3,2,1,'simulated','2026-11-24T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(60,2,1,1,2,1,'simulated','2026-11-24T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(60,3,1,2,4,1,'simulated','2026-11-24T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(61,1,1,3,2,1,'simulated','2026-11-24T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(61,2,1,1,3,1,'simulated','2026-11-24T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(61,3,1,2,1,0,'simulated','2026-11-24T08:00:00.000Z','positive',0.765);
INSERT INTO chat_brands VALUES(62,1,1,2,2,1,'simulated','2026-11-25T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(62,2,1,1,2,1,'simulated','2026-11-25T08:00:00.000Z','positive',0.2712);
INSERT INTO chat_brands VALUES(62,3,1,3,2,1,'simulated','2026-11-25T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(63,1,1,1,2,1,'simulated','2026-11-25T08:00:00.000Z','positive',0.2107);
INSERT INTO chat_brands VALUES(63,2,1,2,2,1,'simulated','2026-11-25T08:00:00.000Z','negative',-0.125);
INSERT INTO chat_brands VALUES(64,2,1,1,1,0,'simulated','2026-11-25T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(65,1,1,1,2,1,'simulated','2026-11-25T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(65,2,1,2,2,1,'simulated','2026-11-25T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(65,3,1,3,2,1,'simulated','2026-11-25T08:00:00.000Z','positive',0.2553);
INSERT INTO chat_brands VALUES(66,2,1,1,2,1,'simulated','2026-11-25T08:00:00.000Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(66,3,1,2,4,1,'simulated','2026-11-25T08:00:00.000Z','positive',0.2156);
INSERT INTO chat_brands VALUES(67,1,1,3,2,1,'simulated','2026-11-25T08:00:00.000Z','neutral',0.0);
INSERT INTO chat_brands VALUES(67,2,1,1,3,1,'simulated','2026-11-25T08:00:00.000Z','positive',0.2875);
INSERT INTO chat_brands VALUES(67,3,1,2,1,0,'simulated','2026-11-25T08:00:00.000Z','positive',0.765);
-- Triggers and indices on  chat_brands
CREATE INDEX chat_brands_brand ON chat_brands (brand_id, chat_id);
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
CREATE TRIGGER chat_brands_location_prompts_delete AFTER DELETE ON chat_brands BEGIN
    UPDATE location_weekly_brands AS r SET mentioned = r.mentioned - (old.position IS NOT NULL),
        position_sum = r.position_sum - coalesce(old.position, 0), cited = r.cited - old.cited,
        sentiment_sum = r.sentiment_sum - coalesce(old.sentiment_score, 0),
        sentiment_scored = r.sentiment_scored - (old.sentiment IS NOT NULL),
        positive = r.positive - (old.sentiment IS 'positive'),
        neutral = r.neutral - (old.sentiment IS 'neutral'),
        negative = r.negative - (old.sentiment IS 'negative')
    FROM chats c
    WHERE c.id = old.chat_id AND r.workspace_id = old.workspace_id AND r.location = c.location
      AND r.day = date(old.created_at, '-6 days', 'weekday 1') AND r.engine = old.engine
      AND r.prompt_id = c.prompt_id AND r.brand_id = old.brand_id;
END;
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
CREATE INDEX chat_brands_window ON chat_brands (workspace_id, created_at, brand_id, position, cited);

-- Table  chat_names
DROP TABLE IF EXISTS chat_names;
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
INSERT INTO chat_names VALUES(1,1,1,'simulated','2026-11-16T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(2,1,1,'simulated','2026-11-16T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(3,1,1,'simulated','2026-11-16T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(4,1,1,'simulated','2026-11-16T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(5,1,1,'simulated','2026-11-16T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(6,2,1,'simulated','2026-11-16T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(7,2,1,'simulated','2026-11-16T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(8,2,1,'simulated','2026-11-16T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(9,2,1,'simulated','2026-11-16T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(10,3,1,'simulated','2026-11-16T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(11,3,1,'simulated','2026-11-16T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(12,3,1,'simulated','2026-11-16T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(13,3,1,'simulated','2026-11-16T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(14,3,1,'simulated','2026-11-16T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(15,4,1,'simulated','2026-11-16T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(16,4,1,'simulated','2026-11-16T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(17,4,1,'simulated','2026-11-16T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(18,4,1,'simulated','2026-11-16T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(19,4,1,'simulated','2026-11-16T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(20,5,1,'simulated','2026-11-16T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(21,5,1,'simulated','2026-11-16T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(22,5,1,'simulated','2026-11-16T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(23,5,1,'simulated','2026-11-16T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(24,5,1,'simulated','2026-11-16T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(25,6,1,'simulated','2026-11-16T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(26,6,1,'simulated','2026-11-16T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(27,6,1,'simulated','2026-11-16T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(28,6,1,'simulated','2026-11-16T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(29,6,1,'simulated','2026-11-16T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(30,6,1,'simulated','2026-11-16T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(31,6,1,'simulated','2026-11-16T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(38,8,1,'simulated','2026-11-17T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(39,8,1,'simulated','2026-11-17T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(40,8,1,'simulated','2026-11-17T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(41,8,1,'simulated','2026-11-17T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(42,8,1,'simulated','2026-11-17T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(43,9,1,'simulated','2026-11-17T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(44,9,1,'simulated','2026-11-17T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(45,9,1,'simulated','2026-11-17T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(46,9,1,'simulated','2026-11-17T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(47,10,1,'simulated','2026-11-17T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(48,10,1,'simulated','2026-11-17T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(49,10,1,'simulated','2026-11-17T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(50,10,1,'simulated','2026-11-17T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(51,10,1,'simulated','2026-11-17T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(52,11,1,'simulated','2026-11-17T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(53,11,1,'simulated','2026-11-17T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(54,11,1,'simulated','2026-11-17T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(55,11,1,'simulated','2026-11-17T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(56,11,1,'simulated','2026-11-17T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(57,12,1,'simulated','2026-11-17T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(58,12,1,'simulated','2026-11-17T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(59,12,1,'simulated','2026-11-17T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(60,12,1,'simulated','2026-11-17T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(61,12,1,'simulated','2026-11-17T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(62,13,1,'simulated','2026-11-17T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(63,13,1,'simulated','2026-11-17T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(64,13,1,'simulated','2026-11-17T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(65,13,1,'simulated','2026-11-17T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(66,13,1,'simulated','2026-11-17T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(67,13,1,'simulated','2026-11-17T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(68,13,1,'simulated','2026-11-17T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(75,15,1,'simulated','2026-11-18T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(76,15,1,'simulated','2026-11-18T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(77,15,1,'simulated','2026-11-18T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(78,15,1,'simulated','2026-11-18T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(79,15,1,'simulated','2026-11-18T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(80,16,1,'simulated','2026-11-18T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(81,16,1,'simulated','2026-11-18T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(82,16,1,'simulated','2026-11-18T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(83,16,1,'simulated','2026-11-18T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(84,17,1,'simulated','2026-11-18T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(85,17,1,'simulated','2026-11-18T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(86,17,1,'simulated','2026-11-18T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(87,17,1,'simulated','2026-11-18T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(88,17,1,'simulated','2026-11-18T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(89,18,1,'simulated','2026-11-18T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(90,18,1,'simulated','2026-11-18T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(91,18,1,'simulated','2026-11-18T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(92,18,1,'simulated','2026-11-18T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(93,18,1,'simulated','2026-11-18T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(94,19,1,'simulated','2026-11-18T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(95,19,1,'simulated','2026-11-18T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(96,19,1,'simulated','2026-11-18T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(97,19,1,'simulated','2026-11-18T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(98,19,1,'simulated','2026-11-18T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(99,20,1,'simulated','2026-11-18T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(100,20,1,'simulated','2026-11-18T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(101,20,1,'simulated','2026-11-18T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(102,20,1,'simulated','2026-11-18T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(103,20,1,'simulated','2026-11-18T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(104,20,1,'simulated','2026-11-18T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(105,20,1,'simulated','2026-11-18T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(112,22,1,'simulated','2026-11-19T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(113,22,1,'simulated','2026-11-19T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(114,22,1,'simulated','2026-11-19T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(115,22,1,'simulated','2026-11-19T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(116,22,1,'simulated','2026-11-19T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(117,23,1,'simulated','2026-11-19T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(118,23,1,'simulated','2026-11-19T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(119,23,1,'simulated','2026-11-19T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(120,23,1,'simulated','2026-11-19T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(121,24,1,'simulated','2026-11-19T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(122,24,1,'simulated','2026-11-19T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(123,24,1,'simulated','2026-11-19T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(124,24,1,'simulated','2026-11-19T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(125,24,1,'simulated','2026-11-19T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(126,25,1,'simulated','2026-11-19T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(127,25,1,'simulated','2026-11-19T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(128,25,1,'simulated','2026-11-19T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(129,25,1,'simulated','2026-11-19T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(130,25,1,'simulated','2026-11-19T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(131,26,1,'simulated','2026-11-19T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(132,26,1,'simulated','2026-11-19T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(133,26,1,'simulated','2026-11-19T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(134,26,1,'simulated','2026-11-19T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(135,26,1,'simulated','2026-11-19T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(136,27,1,'simulated','2026-11-19T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(137,27,1,'simulated','2026-11-19T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(138,27,1,'simulated','2026-11-19T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(139,27,1,'simulated','2026-11-19T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(140,27,1,'simulated','2026-11-19T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(141,27,1,'simulated','2026-11-19T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(142,27,1,'simulated','2026-11-19T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(149,29,1,'simulated','2026-11-20T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(150,29,1,'simulated','2026-11-20T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(151,29,1,'simulated','2026-11-20T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(152,29,1,'simulated','2026-11-20T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(153,29,1,'simulated','2026-11-20T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(154,30,1,'simulated','2026-11-20T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(155,30,1,'simulated','2026-11-20T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(156,30,1,'simulated','2026-11-20T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(157,30,1,'simulated','2026-11-20T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(158,31,1,'simulated','2026-11-20T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(159,31,1,'simulated','2026-11-20T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(160,31,1,'simulated','2026-11-20T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(161,31,1,'simulated','2026-11-20T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(162,31,1,'simulated','2026-11-20T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(163,32,1,'simulated','2026-11-20T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(164,32,1,'simulated','2026-11-20T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(165,32,1,'simulated','2026-11-20T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(166,32,1,'simulated','2026-11-20T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(167,32,1,'simulated','2026-11-20T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(168,33,1,'simulated','2026-11-20T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(169,33,1,'simulated','2026-11-20T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(170,33,1,'simulated','2026-11-20T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(171,33,1,'simulated','2026-11-20T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(172,33,1,'simulated','2026-11-20T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(173,34,1,'simulated','2026-11-20T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(174,34,1,'simulated','2026-11-20T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(175,34,1,'simulated','2026-11-20T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(176,34,1,'simulated','2026-11-20T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(177,34,1,'simulated','2026-11-20T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(178,34,1,'simulated','2026-11-20T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(179,34,1,'simulated','2026-11-20T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(186,36,1,'simulated','2026-11-21T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(187,36,1,'simulated','2026-11-21T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(188,36,1,'simulated','2026-11-21T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(189,36,1,'simulated','2026-11-21T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(190,36,1,'simulated','2026-11-21T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(191,37,1,'simulated','2026-11-21T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(192,37,1,'simulated','2026-11-21T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(193,37,1,'simulated','2026-11-21T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(194,37,1,'simulated','2026-11-21T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(195,38,1,'simulated','2026-11-21T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(196,38,1,'simulated','2026-11-21T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(197,38,1,'simulated','2026-11-21T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(198,38,1,'simulated','2026-11-21T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(199,38,1,'simulated','2026-11-21T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(200,39,1,'simulated','2026-11-21T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(201,39,1,'simulated','2026-11-21T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(202,39,1,'simulated','2026-11-21T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(203,39,1,'simulated','2026-11-21T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(204,39,1,'simulated','2026-11-21T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(205,40,1,'simulated','2026-11-21T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(206,40,1,'simulated','2026-11-21T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(207,40,1,'simulated','2026-11-21T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(208,40,1,'simulated','2026-11-21T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(209,40,1,'simulated','2026-11-21T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(210,41,1,'simulated','2026-11-21T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(211,41,1,'simulated','2026-11-21T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(212,41,1,'simulated','2026-11-21T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(213,41,1,'simulated','2026-11-21T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(214,41,1,'simulated','2026-11-21T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(215,41,1,'simulated','2026-11-21T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(216,41,1,'simulated','2026-11-21T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(223,43,1,'simulated','2026-11-22T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(224,43,1,'simulated','2026-11-22T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(225,43,1,'simulated','2026-11-22T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(226,43,1,'simulated','2026-11-22T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(227,43,1,'simulated','2026-11-22T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(228,44,1,'simulated','2026-11-22T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(229,44,1,'simulated','2026-11-22T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(230,44,1,'simulated','2026-11-22T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(231,44,1,'simulated','2026-11-22T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(232,45,1,'simulated','2026-11-22T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(233,45,1,'simulated','2026-11-22T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(234,45,1,'simulated','2026-11-22T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(235,45,1,'simulated','2026-11-22T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(236,45,1,'simulated','2026-11-22T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(237,46,1,'simulated','2026-11-22T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(238,46,1,'simulated','2026-11-22T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(239,46,1,'simulated','2026-11-22T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(240,46,1,'simulated','2026-11-22T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(241,46,1,'simulated','2026-11-22T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(242,47,1,'simulated','2026-11-22T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(243,47,1,'simulated','2026-11-22T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(244,47,1,'simulated','2026-11-22T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(245,47,1,'simulated','2026-11-22T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(246,47,1,'simulated','2026-11-22T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(247,48,1,'simulated','2026-11-22T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(248,48,1,'simulated','2026-11-22T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(249,48,1,'simulated','2026-11-22T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(250,48,1,'simulated','2026-11-22T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(251,48,1,'simulated','2026-11-22T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(252,48,1,'simulated','2026-11-22T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(253,48,1,'simulated','2026-11-22T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(254,50,1,'simulated','2026-11-23T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(255,50,1,'simulated','2026-11-23T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(256,50,1,'simulated','2026-11-23T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(257,50,1,'simulated','2026-11-23T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(258,50,1,'simulated','2026-11-23T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(259,51,1,'simulated','2026-11-23T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(260,51,1,'simulated','2026-11-23T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(261,51,1,'simulated','2026-11-23T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(262,51,1,'simulated','2026-11-23T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(263,52,1,'simulated','2026-11-23T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(264,52,1,'simulated','2026-11-23T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(265,52,1,'simulated','2026-11-23T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(266,52,1,'simulated','2026-11-23T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(267,52,1,'simulated','2026-11-23T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(268,53,1,'simulated','2026-11-23T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(269,53,1,'simulated','2026-11-23T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(270,53,1,'simulated','2026-11-23T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(271,53,1,'simulated','2026-11-23T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(272,53,1,'simulated','2026-11-23T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(273,54,1,'simulated','2026-11-23T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(274,54,1,'simulated','2026-11-23T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(275,54,1,'simulated','2026-11-23T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(276,54,1,'simulated','2026-11-23T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(277,54,1,'simulated','2026-11-23T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(278,55,1,'simulated','2026-11-23T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(279,55,1,'simulated','2026-11-23T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(280,55,1,'simulated','2026-11-23T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(281,55,1,'simulated','2026-11-23T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(282,55,1,'simulated','2026-11-23T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(283,55,1,'simulated','2026-11-23T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(284,55,1,'simulated','2026-11-23T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(285,56,1,'simulated','2026-11-24T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(286,56,1,'simulated','2026-11-24T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(287,56,1,'simulated','2026-11-24T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(288,56,1,'simulated','2026-11-24T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(289,56,1,'simulated','2026-11-24T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(290,57,1,'simulated','2026-11-24T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(291,57,1,'simulated','2026-11-24T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(292,57,1,'simulated','2026-11-24T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(293,57,1,'simulated','2026-11-24T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(294,58,1,'simulated','2026-11-24T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(295,58,1,'simulated','2026-11-24T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(296,58,1,'simulated','2026-11-24T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(297,58,1,'simulated','2026-11-24T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(298,58,1,'simulated','2026-11-24T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(299,59,1,'simulated','2026-11-24T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(300,59,1,'simulated','2026-11-24T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(301,59,1,'simulated','2026-11-24T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(302,59,1,'simulated','2026-11-24T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(303,59,1,'simulated','2026-11-24T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(304,60,1,'simulated','2026-11-24T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(305,60,1,'simulated','2026-11-24T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(306,60,1,'simulated','2026-11-24T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(307,60,1,'simulated','2026-11-24T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(308,60,1,'simulated','2026-11-24T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(309,61,1,'simulated','2026-11-24T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(310,61,1,'simulated','2026-11-24T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(311,61,1,'simulated','2026-11-24T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(312,61,1,'simulated','2026-11-24T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(313,61,1,'simulated','2026-11-24T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(314,61,1,'simulated','2026-11-24T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(315,61,1,'simulated','2026-11-24T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(316,62,1,'simulated','2026-11-25T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(317,62,1,'simulated','2026-11-25T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(318,62,1,'simulated','2026-11-25T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(319,62,1,'simulated','2026-11-25T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(320,62,1,'simulated','2026-11-25T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(321,63,1,'simulated','2026-11-25T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(322,63,1,'simulated','2026-11-25T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(323,63,1,'simulated','2026-11-25T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(324,63,1,'simulated','2026-11-25T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(325,64,1,'simulated','2026-11-25T08:00:00.000Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(326,64,1,'simulated','2026-11-25T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(327,64,1,'simulated','2026-11-25T08:00:00.000Z','Globex','globex',1);
INSERT INTO chat_names VALUES(328,64,1,'simulated','2026-11-25T08:00:00.000Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(329,64,1,'simulated','2026-11-25T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(330,65,1,'simulated','2026-11-25T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(331,65,1,'simulated','2026-11-25T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(332,65,1,'simulated','2026-11-25T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(333,65,1,'simulated','2026-11-25T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(334,65,1,'simulated','2026-11-25T08:00:00.000Z','Initech','initech',2);
INSERT INTO chat_names VALUES(335,66,1,'simulated','2026-11-25T08:00:00.000Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(336,66,1,'simulated','2026-11-25T08:00:00.000Z','Globex','globex',2);
INSERT INTO chat_names VALUES(337,66,1,'simulated','2026-11-25T08:00:00.000Z','Initech','initech',4);
INSERT INTO chat_names VALUES(338,66,1,'simulated','2026-11-25T08:00:00.000Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(339,66,1,'simulated','2026-11-25T08:00:00.000Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(340,67,1,'simulated','2026-11-25T08:00:00.000Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(341,67,1,'simulated','2026-11-25T08:00:00.000Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(342,67,1,'simulated','2026-11-25T08:00:00.000Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(343,67,1,'simulated','2026-11-25T08:00:00.000Z','Globex','globex',3);
INSERT INTO chat_names VALUES(344,67,1,'simulated','2026-11-25T08:00:00.000Z','Initech','initech',1);
INSERT INTO chat_names VALUES(345,67,1,'simulated','2026-11-25T08:00:00.000Z','Acme','acme',2);
INSERT INTO chat_names VALUES(346,67,1,'simulated','2026-11-25T08:00:00.000Z','Umbrella Works','umbrella works',1);
-- Triggers and indices on  chat_names
CREATE INDEX chat_names_chat ON chat_names (chat_id);
CREATE TRIGGER chat_names_daily_delete AFTER DELETE ON chat_names BEGIN
    UPDATE daily_names SET chats = chats - 1, mentions = mentions - old.mentions
    WHERE workspace_id = old.workspace_id AND day = substr(old.created_at, 1, 10)
      AND engine = old.engine AND name_key = old.name_key;
END;
CREATE TRIGGER chat_names_daily_insert AFTER INSERT ON chat_names BEGIN
    INSERT INTO daily_names (workspace_id, day, engine, name_key, chats, mentions)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.name_key, 1,
            new.mentions)
    ON CONFLICT (workspace_id, day, engine, name_key) DO UPDATE SET
        chats = chats + 1, mentions = mentions + excluded.mentions;
END;
CREATE TRIGGER chat_names_group_delete AFTER DELETE ON chat_names BEGIN
    UPDATE group_weekly_names AS r SET chats = r.chats - 1, mentions = r.mentions - old.mentions
    FROM chat_groups g
    WHERE g.chat_id = old.chat_id AND r.workspace_id = old.workspace_id
      AND r.group_key = g.group_key AND r.day = date(old.created_at, '-6 days', 'weekday 1')
      AND r.engine = old.engine AND r.name_key = old.name_key;
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
CREATE INDEX chat_names_key ON chat_names (workspace_id, name_key, created_at);
CREATE INDEX chat_names_window ON chat_names (workspace_id, created_at);

-- Table  chat_replies
DROP TABLE IF EXISTS chat_replies;
CREATE TABLE chat_replies (
    chat_id      INTEGER PRIMARY KEY REFERENCES chats (id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    reply        BLOB NOT NULL
) STRICT;

-- Table  chat_searches
DROP TABLE IF EXISTS chat_searches;
CREATE TABLE chat_searches (
    id           INTEGER PRIMARY KEY,
    chat_id      INTEGER NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    engine       TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    query        TEXT NOT NULL
) STRICT;
INSERT INTO chat_searches VALUES(1,1,1,1,'simulated','2026-11-16T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(2,1,1,1,'simulated','2026-11-16T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(3,3,1,3,'simulated','2026-11-16T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(4,3,1,3,'simulated','2026-11-16T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(5,4,1,4,'simulated','2026-11-16T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(6,4,1,4,'simulated','2026-11-16T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(7,5,1,5,'simulated','2026-11-16T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(8,5,1,5,'simulated','2026-11-16T08:00:00.000Z','best crm 4 reviews in DE');
INSERT INTO chat_searches VALUES(11,8,1,1,'simulated','2026-11-17T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(12,8,1,1,'simulated','2026-11-17T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(13,10,1,3,'simulated','2026-11-17T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(14,10,1,3,'simulated','2026-11-17T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(15,11,1,4,'simulated','2026-11-17T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(16,11,1,4,'simulated','2026-11-17T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(17,12,1,5,'simulated','2026-11-17T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(18,12,1,5,'simulated','2026-11-17T08:00:00.000Z','best crm 4 reviews in DE');
INSERT INTO chat_searches VALUES(21,15,1,1,'simulated','2026-11-18T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(22,15,1,1,'simulated','2026-11-18T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(23,17,1,3,'simulated','2026-11-18T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(24,17,1,3,'simulated','2026-11-18T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(25,18,1,4,'simulated','2026-11-18T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(26,18,1,4,'simulated','2026-11-18T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(27,19,1,5,'simulated','2026-11-18T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(28,19,1,5,'simulated','2026-11-18T08:00:00.000Z','best crm 4 reviews in DE');
INSERT INTO chat_searches VALUES(31,22,1,1,'simulated','2026-11-19T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(32,22,1,1,'simulated','2026-11-19T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(33,24,1,3,'simulated','2026-11-19T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(34,24,1,3,'simulated','2026-11-19T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(35,25,1,4,'simulated','2026-11-19T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(36,25,1,4,'simulated','2026-11-19T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(37,26,1,5,'simulated','2026-11-19T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(38,26,1,5,'simulated','2026-11-19T08:00:00.000Z','best crm 4 reviews in DE');
INSERT INTO chat_searches VALUES(41,29,1,1,'simulated','2026-11-20T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(42,29,1,1,'simulated','2026-11-20T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(43,31,1,3,'simulated','2026-11-20T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(44,31,1,3,'simulated','2026-11-20T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(45,32,1,4,'simulated','2026-11-20T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(46,32,1,4,'simulated','2026-11-20T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(47,33,1,5,'simulated','2026-11-20T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(48,33,1,5,'simulated','2026-11-20T08:00:00.000Z','best crm 4 reviews in DE');
INSERT INTO chat_searches VALUES(51,36,1,1,'simulated','2026-11-21T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(52,36,1,1,'simulated','2026-11-21T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(53,38,1,3,'simulated','2026-11-21T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(54,38,1,3,'simulated','2026-11-21T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(55,39,1,4,'simulated','2026-11-21T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(56,39,1,4,'simulated','2026-11-21T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(57,40,1,5,'simulated','2026-11-21T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(58,40,1,5,'simulated','2026-11-21T08:00:00.000Z','best crm 4 reviews in DE');
INSERT INTO chat_searches VALUES(61,43,1,1,'simulated','2026-11-22T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(62,43,1,1,'simulated','2026-11-22T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(63,45,1,3,'simulated','2026-11-22T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(64,45,1,3,'simulated','2026-11-22T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(65,46,1,4,'simulated','2026-11-22T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(66,46,1,4,'simulated','2026-11-22T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(67,47,1,5,'simulated','2026-11-22T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(68,47,1,5,'simulated','2026-11-22T08:00:00.000Z','best crm 4 reviews in DE');
INSERT INTO chat_searches VALUES(69,50,1,1,'simulated','2026-11-23T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(70,50,1,1,'simulated','2026-11-23T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(71,52,1,3,'simulated','2026-11-23T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(72,52,1,3,'simulated','2026-11-23T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(73,53,1,4,'simulated','2026-11-23T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(74,53,1,4,'simulated','2026-11-23T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(75,54,1,5,'simulated','2026-11-23T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(76,54,1,5,'simulated','2026-11-23T08:00:00.000Z','best crm 4 reviews in DE');
INSERT INTO chat_searches VALUES(77,56,1,1,'simulated','2026-11-24T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(78,56,1,1,'simulated','2026-11-24T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(79,58,1,3,'simulated','2026-11-24T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(80,58,1,3,'simulated','2026-11-24T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(81,59,1,4,'simulated','2026-11-24T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(82,59,1,4,'simulated','2026-11-24T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(83,60,1,5,'simulated','2026-11-24T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(84,60,1,5,'simulated','2026-11-24T08:00:00.000Z','best crm 4 reviews in DE');
INSERT INTO chat_searches VALUES(85,62,1,1,'simulated','2026-11-25T08:00:00.000Z','best crm 0');
INSERT INTO chat_searches VALUES(86,62,1,1,'simulated','2026-11-25T08:00:00.000Z','best crm 0 reviews in US');
INSERT INTO chat_searches VALUES(87,64,1,3,'simulated','2026-11-25T08:00:00.000Z','best crm 2');
INSERT INTO chat_searches VALUES(88,64,1,3,'simulated','2026-11-25T08:00:00.000Z','best crm 2 reviews');
INSERT INTO chat_searches VALUES(89,65,1,4,'simulated','2026-11-25T08:00:00.000Z','best crm 3');
INSERT INTO chat_searches VALUES(90,65,1,4,'simulated','2026-11-25T08:00:00.000Z','best crm 3 reviews in US');
INSERT INTO chat_searches VALUES(91,66,1,5,'simulated','2026-11-25T08:00:00.000Z','best crm 4');
INSERT INTO chat_searches VALUES(92,66,1,5,'simulated','2026-11-25T08:00:00.000Z','best crm 4 reviews in DE');
-- Triggers and indices on  chat_searches
CREATE INDEX chat_searches_chat ON chat_searches (chat_id);
CREATE INDEX chat_searches_window ON chat_searches (workspace_id, created_at);

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
    host         TEXT NOT NULL DEFAULT '',  -- the full host; domain is its registrable domain
    category     TEXT,  -- the host's category when last worked out (see brand_refresh)
    UNIQUE (chat_id, url)
) STRICT;
INSERT INTO chat_sources VALUES(1,1,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-16T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(2,1,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-16T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(3,1,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-16T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(4,1,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-16T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(5,1,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-16T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(6,1,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-16T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(7,1,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-16T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(8,1,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-16T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(9,1,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-16T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(10,2,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-16T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(11,2,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-16T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(12,2,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-16T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(13,3,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-16T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(14,3,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-16T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(15,3,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-16T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(16,3,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-16T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(17,3,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-16T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(18,3,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-16T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(19,3,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-16T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(20,3,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-16T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(21,4,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-16T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(22,4,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-16T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(23,4,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-16T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(24,4,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-16T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(25,4,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-16T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(26,4,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-16T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(27,4,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-16T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(28,5,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-16T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(29,5,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-16T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(30,5,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-16T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(31,5,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-16T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(32,5,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-16T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(33,5,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-16T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(34,5,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-16T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(35,5,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-16T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(36,6,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-16T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(37,6,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-16T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(38,6,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-16T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(39,6,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-16T08:00:00.000Z',1,4,'umbrella.example','other');
INSERT INTO chat_sources VALUES(46,8,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-17T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(47,8,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-17T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(48,8,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-17T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(49,8,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-17T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(50,8,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-17T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(51,8,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-17T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(52,8,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-17T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(53,8,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-17T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(54,8,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-17T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(55,9,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-17T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(56,9,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-17T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(57,9,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-17T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(58,10,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-17T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(59,10,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-17T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(60,10,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-17T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(61,10,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-17T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(62,10,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-17T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(63,10,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-17T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(64,10,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-17T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(65,10,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-17T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(66,11,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-17T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(67,11,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-17T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(68,11,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-17T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(69,11,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-17T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(70,11,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-17T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(71,11,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-17T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(72,11,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-17T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(73,12,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-17T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(74,12,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-17T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(75,12,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-17T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(76,12,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-17T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(77,12,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-17T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(78,12,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-17T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(79,12,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-17T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(80,12,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-17T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(81,13,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-17T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(82,13,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-17T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(83,13,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-17T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(84,13,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-17T08:00:00.000Z',1,4,'umbrella.example','other');
INSERT INTO chat_sources VALUES(91,15,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-18T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(92,15,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-18T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(93,15,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-18T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(94,15,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-18T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(95,15,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-18T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(96,15,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-18T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(97,15,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-18T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(98,15,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-18T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(99,15,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-18T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(100,16,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-18T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(101,16,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-18T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(102,16,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-18T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(103,17,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-18T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(104,17,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-18T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(105,17,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-18T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(106,17,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-18T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(107,17,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-18T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(108,17,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-18T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(109,17,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-18T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(110,17,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-18T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(111,18,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-18T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(112,18,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-18T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(113,18,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-18T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(114,18,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-18T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(115,18,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-18T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(116,18,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-18T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(117,18,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-18T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(118,19,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-18T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(119,19,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-18T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(120,19,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-18T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(121,19,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-18T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(122,19,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-18T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(123,19,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-18T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(124,19,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-18T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(125,19,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-18T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(126,20,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-18T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(127,20,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-18T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(128,20,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-18T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(129,20,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-18T08:00:00.000Z',1,4,'umbrella.example','other');
INSERT INTO chat_sources VALUES(136,22,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-19T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(137,22,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-19T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(138,22,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-19T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(139,22,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-19T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(140,22,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-19T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(141,22,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-19T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(142,22,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-19T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(143,22,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-19T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(144,22,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-19T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(145,23,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-19T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(146,23,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-19T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(147,23,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-19T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(148,24,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-19T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(149,24,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-19T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(150,24,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-19T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(151,24,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-19T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(152,24,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-19T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(153,24,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-19T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(154,24,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-19T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(155,24,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-19T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(156,25,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-19T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(157,25,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-19T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(158,25,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-19T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(159,25,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-19T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(160,25,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-19T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(161,25,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-19T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(162,25,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-19T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(163,26,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-19T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(164,26,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-19T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(165,26,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-19T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(166,26,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-19T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(167,26,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-19T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(168,26,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-19T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(169,26,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-19T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(170,26,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-19T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(171,27,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-19T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(172,27,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-19T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(173,27,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-19T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(174,27,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-19T08:00:00.000Z',1,4,'umbrella.example','other');
INSERT INTO chat_sources VALUES(181,29,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-20T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(182,29,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-20T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(183,29,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-20T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(184,29,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-20T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(185,29,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-20T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(186,29,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-20T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(187,29,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-20T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(188,29,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-20T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(189,29,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-20T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(190,30,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-20T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(191,30,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-20T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(192,30,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-20T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(193,31,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-20T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(194,31,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-20T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(195,31,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-20T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(196,31,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-20T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(197,31,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-20T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(198,31,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-20T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(199,31,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-20T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(200,31,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-20T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(201,32,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-20T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(202,32,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-20T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(203,32,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-20T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(204,32,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-20T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(205,32,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-20T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(206,32,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-20T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(207,32,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-20T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(208,33,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-20T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(209,33,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-20T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(210,33,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-20T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(211,33,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-20T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(212,33,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-20T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(213,33,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-20T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(214,33,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-20T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(215,33,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-20T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(216,34,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-20T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(217,34,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-20T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(218,34,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-20T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(219,34,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-20T08:00:00.000Z',1,4,'umbrella.example','other');
INSERT INTO chat_sources VALUES(226,36,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-21T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(227,36,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-21T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(228,36,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-21T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(229,36,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-21T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(230,36,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-21T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(231,36,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-21T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(232,36,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-21T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(233,36,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-21T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(234,36,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-21T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(235,37,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-21T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(236,37,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-21T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(237,37,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-21T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(238,38,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-21T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(239,38,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-21T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(240,38,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-21T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(241,38,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-21T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(242,38,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-21T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(243,38,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-21T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(244,38,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-21T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(245,38,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-21T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(246,39,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-21T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(247,39,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-21T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(248,39,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-21T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(249,39,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-21T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(250,39,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-21T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(251,39,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-21T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(252,39,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-21T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(253,40,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-21T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(254,40,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-21T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(255,40,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-21T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(256,40,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-21T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(257,40,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-21T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(258,40,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-21T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(259,40,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-21T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(260,40,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-21T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(261,41,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-21T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(262,41,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-21T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(263,41,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-21T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(264,41,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-21T08:00:00.000Z',1,4,'umbrella.example','other');
INSERT INTO chat_sources VALUES(271,43,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-22T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(272,43,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-22T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(273,43,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-22T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(274,43,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-22T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(275,43,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-22T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(276,43,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-22T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(277,43,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-22T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(278,43,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-22T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(279,43,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-22T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(280,44,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-22T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(281,44,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-22T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(282,44,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-22T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(283,45,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-22T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(284,45,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-22T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(285,45,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-22T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(286,45,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-22T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(287,45,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-22T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(288,45,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-22T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(289,45,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-22T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(290,45,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-22T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(291,46,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-22T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(292,46,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-22T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(293,46,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-22T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(294,46,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-22T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(295,46,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-22T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(296,46,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-22T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(297,46,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-22T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(298,47,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-22T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(299,47,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-22T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(300,47,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-22T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(301,47,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-22T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(302,47,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-22T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(303,47,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-22T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(304,47,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-22T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(305,47,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-22T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(306,48,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-22T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(307,48,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-22T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(308,48,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-22T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(309,48,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-22T08:00:00.000Z',1,4,'umbrella.example','other');
INSERT INTO chat_sources VALUES(310,50,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-23T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(311,50,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-23T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(312,50,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-23T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(313,50,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-23T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(314,50,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-23T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(315,50,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-23T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(316,50,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-23T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(317,50,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-23T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(318,50,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-23T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(319,51,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-23T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(320,51,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-23T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(321,51,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-23T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(322,52,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-23T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(323,52,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-23T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(324,52,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-23T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(325,52,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(326,52,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-23T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(327,52,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-23T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(328,52,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-23T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(329,52,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-23T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(330,53,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-23T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(331,53,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-23T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(332,53,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-23T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(333,53,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-23T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(334,53,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-23T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(335,53,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-23T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(336,53,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-23T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(337,54,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-23T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(338,54,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-23T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(339,54,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-23T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(340,54,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-23T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(341,54,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-23T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(342,54,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-23T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(343,54,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-23T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(344,54,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-23T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(345,55,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-23T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(346,55,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-23T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(347,55,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-23T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(348,55,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-23T08:00:00.000Z',1,4,'umbrella.example','other');
INSERT INTO chat_sources VALUES(349,56,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-24T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(350,56,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-24T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(351,56,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-24T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(352,56,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-24T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(353,56,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-24T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(354,56,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-24T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(355,56,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-24T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(356,56,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-24T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(357,56,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-24T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(358,57,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-24T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(359,57,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-24T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(360,57,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-24T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(361,58,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-24T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(362,58,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-24T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(363,58,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-24T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(364,58,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-24T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(365,58,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-24T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(366,58,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-24T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(367,58,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-24T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(368,58,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-24T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(369,59,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-24T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(370,59,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-24T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(371,59,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-24T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(372,59,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-24T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(373,59,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-24T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(374,59,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-24T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(375,59,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-24T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(376,60,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-24T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(377,60,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-24T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(378,60,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-24T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(379,60,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-24T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(380,60,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-24T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(381,60,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-24T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(382,60,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-24T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(383,60,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-24T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(384,61,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-24T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(385,61,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-24T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(386,61,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-24T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(387,61,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-24T08:00:00.000Z',1,4,'umbrella.example','other');
INSERT INTO chat_sources VALUES(388,62,1,'https://www.capterra.com/compare/best%20crm%200','capterra.com','Capterra comparisons','simulated','2026-11-25T08:00:00.000Z',1,1,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(389,62,1,'https://hn.algolia.com/?q=best%20crm%200','algolia.com','Hacker News','simulated','2026-11-25T08:00:00.000Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(390,62,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-25T08:00:00.000Z',1,3,'globex.com','competitor');
INSERT INTO chat_sources VALUES(391,62,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-25T08:00:00.000Z',1,4,'acme.com','own');
INSERT INTO chat_sources VALUES(392,62,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-25T08:00:00.000Z',1,5,'contoso.example','other');
INSERT INTO chat_sources VALUES(393,62,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-25T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(394,62,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-25T08:00:00.000Z',1,7,'stark.example','other');
INSERT INTO chat_sources VALUES(395,62,1,'https://www.reddit.com/search/?q=best%20crm%200','reddit.com','Reddit discussion','simulated','2026-11-25T08:00:00.000Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(396,62,1,'https://www.g2.com/categories/best%20crm%200','g2.com','G2 category reviews','simulated','2026-11-25T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(397,63,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-25T08:00:00.000Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(398,63,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-25T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(399,63,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-25T08:00:00.000Z',1,3,'northwind.example','other');
INSERT INTO chat_sources VALUES(400,64,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','wikipedia.org','Wikipedia','simulated','2026-11-25T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(401,64,1,'https://www.reddit.com/search/?q=best%20crm%202','reddit.com','Reddit discussion','simulated','2026-11-25T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(402,64,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-25T08:00:00.000Z',1,3,'umbrella.example','other');
INSERT INTO chat_sources VALUES(403,64,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-25T08:00:00.000Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(404,64,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-25T08:00:00.000Z',1,5,'northwind.example','other');
INSERT INTO chat_sources VALUES(405,64,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-25T08:00:00.000Z',1,6,'stark.example','other');
INSERT INTO chat_sources VALUES(406,64,1,'https://www.g2.com/categories/best%20crm%202','g2.com','G2 category reviews','simulated','2026-11-25T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(407,64,1,'https://www.capterra.com/compare/best%20crm%202','capterra.com','Capterra comparisons','simulated','2026-11-25T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(408,65,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','wikipedia.org','Wikipedia','simulated','2026-11-25T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(409,65,1,'https://www.reddit.com/search/?q=best%20crm%203','reddit.com','Reddit discussion','simulated','2026-11-25T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(410,65,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-25T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(411,65,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-25T08:00:00.000Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(412,65,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-25T08:00:00.000Z',1,5,'globex.com','competitor');
INSERT INTO chat_sources VALUES(413,65,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-25T08:00:00.000Z',1,6,'initech.com','competitor');
INSERT INTO chat_sources VALUES(414,65,1,'https://hn.algolia.com/?q=best%20crm%203','algolia.com','Hacker News','simulated','2026-11-25T08:00:00.000Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(415,66,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','wikipedia.org','Wikipedia','simulated','2026-11-25T08:00:00.000Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(416,66,1,'https://www.reddit.com/search/?q=best%20crm%204','reddit.com','Reddit discussion','simulated','2026-11-25T08:00:00.000Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(417,66,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-25T08:00:00.000Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(418,66,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-25T08:00:00.000Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(419,66,1,'https://initech.com/','initech.com','initech.com','simulated','2026-11-25T08:00:00.000Z',1,5,'initech.com','competitor');
INSERT INTO chat_sources VALUES(420,66,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-25T08:00:00.000Z',1,6,'initech.example','other');
INSERT INTO chat_sources VALUES(421,66,1,'https://www.capterra.com/compare/best%20crm%204','capterra.com','Capterra comparisons','simulated','2026-11-25T08:00:00.000Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(422,66,1,'https://www.g2.com/categories/best%20crm%204','g2.com','G2 category reviews','simulated','2026-11-25T08:00:00.000Z',0,NULL,'g2.com','editorial');
INSERT INTO chat_sources VALUES(423,67,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-25T08:00:00.000Z',1,1,'hooli.example','other');
INSERT INTO chat_sources VALUES(424,67,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-25T08:00:00.000Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(425,67,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-25T08:00:00.000Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(426,67,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-25T08:00:00.000Z',1,4,'umbrella.example','other');
-- Triggers and indices on  chat_sources
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
CREATE TRIGGER chat_sources_category_insert AFTER INSERT ON chat_sources
WHEN new.category IS NOT NULL BEGIN
    INSERT INTO daily_categories (workspace_id, day, engine, category, citations, chats,
                                  retrieved_chats)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.category, new.cited,
            new.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                                      AND o.category = new.category AND o.id <> new.id AND o.cited),
            NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                        AND o.category = new.category AND o.id <> new.id))
    ON CONFLICT (workspace_id, day, engine, category) DO UPDATE SET
        citations = citations + excluded.citations, chats = chats + excluded.chats,
        retrieved_chats = retrieved_chats + excluded.retrieved_chats;
END;
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
CREATE TRIGGER chat_sources_group_category AFTER UPDATE OF category ON chat_sources
WHEN new.category IS NOT old.category BEGIN
    UPDATE group_weekly_categories AS r SET citations = r.citations - old.cited,
        chats = r.chats - (old.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o
                           WHERE o.chat_id = old.chat_id AND o.category = old.category AND o.cited)),
        retrieved_chats = r.retrieved_chats - NOT EXISTS (SELECT 1 FROM chat_sources o
                          WHERE o.chat_id = old.chat_id AND o.category = old.category)
    FROM chat_groups g
    WHERE g.chat_id = old.chat_id AND r.workspace_id = old.workspace_id
      AND r.group_key = g.group_key AND r.day = date(old.created_at, '-6 days', 'weekday 1')
      AND r.engine = old.engine AND r.category = old.category;
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
CREATE TRIGGER chat_sources_group_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE group_weekly_domains AS r SET citations = r.citations - old.cited,
        chats = r.chats - (old.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o
                           WHERE o.chat_id = old.chat_id AND o.domain = old.domain AND o.cited)),
        retrieved_chats = r.retrieved_chats - NOT EXISTS (SELECT 1 FROM chat_sources o
                          WHERE o.chat_id = old.chat_id AND o.domain = old.domain)
    FROM chat_groups g
    WHERE g.chat_id = old.chat_id AND r.workspace_id = old.workspace_id
      AND r.group_key = g.group_key AND r.day = date(old.created_at, '-6 days', 'weekday 1')
      AND r.engine = old.engine AND r.domain = old.domain;
    UPDATE group_weekly_categories AS r SET citations = r.citations - old.cited,
        chats = r.chats - (old.cited AND NOT EXISTS (SELECT 1 FROM chat_sources o
                           WHERE o.chat_id = old.chat_id AND o.category = old.category AND o.cited)),
        retrieved_chats = r.retrieved_chats - NOT EXISTS (SELECT 1 FROM chat_sources o
                          WHERE o.chat_id = old.chat_id AND o.category = old.category)
    FROM chat_groups g
    WHERE g.chat_id = old.chat_id AND r.workspace_id = old.workspace_id
      AND r.group_key = g.group_key AND r.day = date(old.created_at, '-6 days', 'weekday 1')
      AND r.engine = old.engine AND r.category = old.category;
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
CREATE TRIGGER chat_sources_url_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE domain_weekly_urls SET citations = citations - old.cited,
        retrieved_chats = retrieved_chats - 1
    WHERE workspace_id = old.workspace_id AND domain = old.domain
      AND day = date(old.created_at, '-6 days', 'weekday 1') AND engine = old.engine
      AND location = (SELECT coalesce(location, '') FROM chats WHERE id = old.chat_id)
      AND url = old.url;
END;
CREATE TRIGGER chat_sources_url_insert AFTER INSERT ON chat_sources BEGIN
    INSERT INTO domain_weekly_urls (workspace_id, domain, day, engine, location, url, host,
                                    citations, retrieved_chats)
    SELECT new.workspace_id, new.domain, date(new.created_at, '-6 days', 'weekday 1'),
           new.engine, coalesce(c.location, ''), new.url, new.host, new.cited, 1
    FROM chats c WHERE c.id = new.chat_id
    ON CONFLICT (workspace_id, domain, day, engine, location, url) DO UPDATE SET
        citations = citations + excluded.citations, retrieved_chats = retrieved_chats + 1;
END;
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
    UNIQUE (run_id, engine)
) STRICT;
INSERT INTO chats VALUES(1,1,1,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-16T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(2,1,2,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-16T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(3,1,3,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-16T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(4,1,4,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-16T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(5,1,5,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-16T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(6,1,6,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-16T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(8,1,8,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-17T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(9,1,9,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-17T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(10,1,10,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-17T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(11,1,11,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-17T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(12,1,12,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-17T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(13,1,13,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-17T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(15,1,15,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-18T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(16,1,16,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-18T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(17,1,17,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-18T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(18,1,18,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-18T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(19,1,19,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-18T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(20,1,20,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-18T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(22,1,22,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-19T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(23,1,23,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-19T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(24,1,24,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-19T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(25,1,25,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-19T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(26,1,26,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-19T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(27,1,27,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-19T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(29,1,29,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-20T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(30,1,30,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-20T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(31,1,31,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-20T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(32,1,32,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-20T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(33,1,33,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-20T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(34,1,34,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-20T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(36,1,36,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-21T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(37,1,37,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-21T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(38,1,38,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-21T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(39,1,39,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-21T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(40,1,40,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-21T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(41,1,41,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-21T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(43,1,43,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-22T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(44,1,44,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-22T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(45,1,45,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-22T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(46,1,46,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-22T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(47,1,47,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-22T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(48,1,48,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-22T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(50,1,50,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-23T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(51,1,51,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-23T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(52,1,52,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-23T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(53,1,53,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-23T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(54,1,54,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-23T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(55,1,55,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-23T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(56,1,56,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-24T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(57,1,57,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-24T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(58,1,58,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-24T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(59,1,59,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-24T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(60,1,60,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-24T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(61,1,61,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-24T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(62,1,62,1,'best crm 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 0” in US:

1. **Globex**: a solid all-rounder with a gentle learning curve. See [globex.com](https://globex.com/).
2. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
3. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
4. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
5. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%200 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%200", "title": "Capterra comparisons"}, {"url": "https://hn.algolia.com/?q=best%20crm%200", "title": "Hacker News"}]','{"inputTokens": 3, "outputTokens": 186, "searches": 2}',0,'2026-11-25T08:00:00.000Z','[]','["best crm 0", "best crm 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(63,1,63,2,'best crm 1','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 1” in DE:

1. **Acme**: popular with small teams for its pricing. See [acme.com](https://acme.com/).
2. **Globex**: criticised for slow support and confusing pricing. See [globex.com](https://globex.com/).
3. **Hooli Stack**: a tool that many teams use for this.
4. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).','[]','{"inputTokens": 3, "outputTokens": 126, "searches": 0}',0,'2026-11-25T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(64,1,64,3,'best crm 2','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 2”:

1. **Umbrella Works**: strong on integrations and reporting. See [umbrella.example](https://umbrella.example/).
2. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
3. **Globex**: the usual pick for larger organisations.
4. **Northwind Suite**: criticised for slow support and confusing pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%202", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 187, "searches": 2}',0,'2026-11-25T08:00:00.000Z','[]','["best crm 2", "best crm 2 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(65,1,65,4,'best crm 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 3” in US:

1. **Acme**: a tool that many teams use for this. See [acme.com](https://acme.com/).
2. **Hooli Stack**: the usual pick for larger organisations.
3. **Contoso Cloud**: the usual pick for larger organisations. See [contoso.example](https://contoso.example/).
4. **Globex**: strong on integrations and reporting. See [globex.com](https://globex.com/).
5. **Initech**: strong on integrations and reporting. See [initech.com](https://initech.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%203", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 169, "searches": 2}',0,'2026-11-25T08:00:00.000Z','[]','["best crm 3", "best crm 3 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(66,1,66,5,'best crm 4','simulated','simulated-1','DE','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 4” in DE:

1. **Stark Analytics**: the usual pick for larger organisations. See [stark.example](https://stark.example/).
2. **Globex**: often called clunky and hard to learn. See [globex.com](https://globex.com/).
3. **Initech**: praised for excellent support and documentation. See [initech.com](https://initech.com/).
4. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).
5. **Contoso Cloud**: the usual pick for larger organisations.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20crm%204", "title": "Reddit discussion"}]','{"inputTokens": 3, "outputTokens": 174, "searches": 2}',0,'2026-11-25T08:00:00.000Z','[]','["best crm 4", "best crm 4 reviews in DE"]','searched',0.0,0,1,'vader',NULL,NULL,NULL);
INSERT INTO chats VALUES(67,1,67,6,'best crm 5','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm 5”:

1. **Vandelay Tools**: popular with small teams for its pricing.
2. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
3. **Globex One**: the usual pick for larger organisations.
4. **Globex**: praised for excellent support and documentation. See [globex.com](https://globex.com/).
5. **Initech**: fast to set up, with a generous free tier.
6. **Acme**: sold in three editions. See [acme.com](https://acme.com/).
7. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).','[]','{"inputTokens": 3, "outputTokens": 179, "searches": 0}',0,'2026-11-25T08:00:00.000Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL);
-- Triggers and indices on  chats
CREATE TRIGGER chats_by_filter_delete BEFORE DELETE ON chats BEGIN
    UPDATE prompt_daily_chats SET chats = chats - 1
    WHERE workspace_id = old.workspace_id AND prompt_id = old.prompt_id
      AND day = substr(old.created_at, 1, 10) AND engine = old.engine;
    UPDATE prompt_weekly_chats SET chats = chats - 1
    WHERE workspace_id = old.workspace_id AND prompt_id = old.prompt_id
      AND day = date(old.created_at, '-6 days', 'weekday 1') AND engine = old.engine;
    UPDATE location_daily_chats SET chats = chats - 1
    WHERE workspace_id = old.workspace_id AND location = old.location
      AND day = substr(old.created_at, 1, 10) AND engine = old.engine;
    UPDATE location_daily_domains AS r SET citations = r.citations - s.citations,
        chats = r.chats - s.cited, retrieved_chats = r.retrieved_chats - 1,
        first_seen = CASE WHEN r.first_seen < old.created_at THEN r.first_seen ELSE
            (SELECT min(o.created_at) FROM chat_sources o JOIN chats c ON c.id = o.chat_id
             WHERE o.workspace_id = old.workspace_id AND o.domain = r.domain AND o.engine = old.engine
               AND o.created_at >= r.day AND o.created_at < date(r.day, '+1 day')
               AND c.location = old.location AND o.chat_id <> old.id) END,
        last_seen = CASE WHEN r.last_seen > old.created_at THEN r.last_seen ELSE
            (SELECT max(o.created_at) FROM chat_sources o JOIN chats c ON c.id = o.chat_id
             WHERE o.workspace_id = old.workspace_id AND o.domain = r.domain AND o.engine = old.engine
               AND o.created_at >= r.day AND o.created_at < date(r.day, '+1 day')
               AND c.location = old.location AND o.chat_id <> old.id) END
    FROM (SELECT domain, sum(cited) AS citations, max(cited) AS cited FROM chat_sources
          WHERE chat_id = old.id GROUP BY domain) s
    WHERE r.workspace_id = old.workspace_id AND r.location = old.location
      AND r.day = substr(old.created_at, 1, 10) AND r.engine = old.engine AND r.domain = s.domain;
    UPDATE prompt_daily_brands AS r SET mentioned = r.mentioned - (b.position IS NOT NULL),
        position_sum = r.position_sum - coalesce(b.position, 0), cited = r.cited - b.cited,
        sentiment_sum = r.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = r.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = r.positive - (b.sentiment IS 'positive'),
        neutral = r.neutral - (b.sentiment IS 'neutral'),
        negative = r.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND r.workspace_id = old.workspace_id AND r.prompt_id = old.prompt_id
      AND r.day = substr(old.created_at, 1, 10) AND r.engine = old.engine AND r.brand_id = b.brand_id;
    UPDATE prompt_weekly_brands AS r SET mentioned = r.mentioned - (b.position IS NOT NULL),
        position_sum = r.position_sum - coalesce(b.position, 0), cited = r.cited - b.cited,
        sentiment_sum = r.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = r.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = r.positive - (b.sentiment IS 'positive'),
        neutral = r.neutral - (b.sentiment IS 'neutral'),
        negative = r.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND r.workspace_id = old.workspace_id AND r.prompt_id = old.prompt_id
      AND r.day = date(old.created_at, '-6 days', 'weekday 1') AND r.engine = old.engine
      AND r.brand_id = b.brand_id;
    UPDATE location_daily_brands AS r SET mentioned = r.mentioned - (b.position IS NOT NULL),
        position_sum = r.position_sum - coalesce(b.position, 0), cited = r.cited - b.cited,
        sentiment_sum = r.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = r.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = r.positive - (b.sentiment IS 'positive'),
        neutral = r.neutral - (b.sentiment IS 'neutral'),
        negative = r.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND r.workspace_id = old.workspace_id AND r.location = old.location
      AND r.day = substr(old.created_at, 1, 10) AND r.engine = old.engine AND r.brand_id = b.brand_id;
END;
CREATE TRIGGER chats_by_location_insert AFTER INSERT ON chats WHEN new.location IS NOT NULL
BEGIN
    INSERT INTO location_daily_chats (workspace_id, location, day, engine, chats)
    VALUES (new.workspace_id, new.location, substr(new.created_at, 1, 10), new.engine, 1)
    ON CONFLICT (workspace_id, location, day, engine) DO UPDATE SET chats = chats + 1;
END;
CREATE TRIGGER chats_by_prompt_insert AFTER INSERT ON chats BEGIN
    INSERT INTO prompt_daily_chats (workspace_id, prompt_id, day, engine, chats)
    VALUES (new.workspace_id, new.prompt_id, substr(new.created_at, 1, 10), new.engine, 1)
    ON CONFLICT (workspace_id, prompt_id, day, engine) DO UPDATE SET chats = chats + 1;
    INSERT INTO prompt_weekly_chats (workspace_id, prompt_id, day, engine, chats)
    VALUES (new.workspace_id, new.prompt_id, date(new.created_at, '-6 days', 'weekday 1'),
            new.engine, 1)
    ON CONFLICT (workspace_id, prompt_id, day, engine) DO UPDATE SET chats = chats + 1;
END;
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
CREATE TRIGGER chats_gap_delete BEFORE DELETE ON chats
WHEN old.competitor_named AND NOT old.own_named BEGIN
    UPDATE daily_gap_domains AS r SET citations = r.citations - s.citations, chats = r.chats - 1
    FROM (SELECT domain, count(*) AS citations FROM chat_sources
          WHERE chat_id = old.id AND cited GROUP BY domain) s
    WHERE r.workspace_id = old.workspace_id AND r.day = substr(old.created_at, 1, 10)
      AND r.engine = old.engine AND r.domain = s.domain;
    UPDATE daily_gap_brands AS r SET chats = r.chats - 1
    FROM (SELECT DISTINCT s.domain, b.brand_id FROM chat_sources s
          JOIN chat_brands b ON b.chat_id = s.chat_id AND b.position IS NOT NULL
          WHERE s.chat_id = old.id AND s.cited) g
    WHERE r.workspace_id = old.workspace_id AND r.domain = g.domain
      AND r.day = substr(old.created_at, 1, 10) AND r.engine = old.engine
      AND r.brand_id = g.brand_id;
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
CREATE TRIGGER chats_gap_leave AFTER UPDATE OF own_named, competitor_named ON chats
WHEN old.competitor_named AND NOT old.own_named BEGIN
    UPDATE daily_gap_domains AS r SET citations = r.citations - s.citations, chats = r.chats - 1
    FROM (SELECT domain, count(*) AS citations FROM chat_sources
          WHERE chat_id = old.id AND cited GROUP BY domain) s
    WHERE r.workspace_id = old.workspace_id AND r.day = substr(old.created_at, 1, 10)
      AND r.engine = old.engine AND r.domain = s.domain;
    UPDATE daily_gap_brands AS r SET chats = r.chats - 1
    FROM (SELECT DISTINCT s.domain, b.brand_id FROM chat_sources s
          JOIN chat_brands b ON b.chat_id = s.chat_id AND b.position IS NOT NULL
          WHERE s.chat_id = old.id AND s.cited) g
    WHERE r.workspace_id = old.workspace_id AND r.domain = g.domain
      AND r.day = substr(old.created_at, 1, 10) AND r.engine = old.engine
      AND r.brand_id = g.brand_id;
END;
CREATE TRIGGER chats_group_delete BEFORE DELETE ON chats BEGIN
    UPDATE group_weekly_domains AS r SET citations = r.citations - s.citations,
        chats = r.chats - s.cited, retrieved_chats = r.retrieved_chats - 1
    FROM (SELECT g.group_key, x.domain, sum(x.cited) AS citations, max(x.cited) AS cited
          FROM chat_groups g JOIN chat_sources x ON x.chat_id = g.chat_id
          WHERE g.chat_id = old.id GROUP BY 1, 2) s
    WHERE r.workspace_id = old.workspace_id AND r.group_key = s.group_key
      AND r.day = date(old.created_at, '-6 days', 'weekday 1') AND r.engine = old.engine
      AND r.domain = s.domain;
    UPDATE group_weekly_categories AS r SET citations = r.citations - s.citations,
        chats = r.chats - s.cited, retrieved_chats = r.retrieved_chats - 1
    FROM (SELECT g.group_key, x.category, sum(x.cited) AS citations, max(x.cited) AS cited
          FROM chat_groups g JOIN chat_sources x ON x.chat_id = g.chat_id
          WHERE g.chat_id = old.id AND x.category IS NOT NULL GROUP BY 1, 2) s
    WHERE r.workspace_id = old.workspace_id AND r.group_key = s.group_key
      AND r.day = date(old.created_at, '-6 days', 'weekday 1') AND r.engine = old.engine
      AND r.category = s.category;
    UPDATE group_weekly_names AS r SET chats = r.chats - 1, mentions = r.mentions - n.mentions
    FROM (SELECT g.group_key, x.name_key, x.mentions
          FROM chat_groups g JOIN chat_names x ON x.chat_id = g.chat_id WHERE g.chat_id = old.id) n
    WHERE r.workspace_id = old.workspace_id AND r.group_key = n.group_key
      AND r.day = date(old.created_at, '-6 days', 'weekday 1') AND r.engine = old.engine
      AND r.name_key = n.name_key;
END;
CREATE INDEX chats_location ON chats (workspace_id, location, created_at);
CREATE TRIGGER chats_location_brands_delete BEFORE DELETE ON chats
WHEN old.location IS NOT NULL BEGIN
    UPDATE location_weekly_brands AS r SET mentioned = r.mentioned - (b.position IS NOT NULL),
        position_sum = r.position_sum - coalesce(b.position, 0), cited = r.cited - b.cited,
        sentiment_sum = r.sentiment_sum - coalesce(b.sentiment_score, 0),
        sentiment_scored = r.sentiment_scored - (b.sentiment IS NOT NULL),
        positive = r.positive - (b.sentiment IS 'positive'),
        neutral = r.neutral - (b.sentiment IS 'neutral'),
        negative = r.negative - (b.sentiment IS 'negative')
    FROM chat_brands b
    WHERE b.chat_id = old.id AND r.workspace_id = old.workspace_id AND r.location = old.location
      AND r.day = date(old.created_at, '-6 days', 'weekday 1') AND r.engine = old.engine
      AND r.prompt_id = old.prompt_id AND r.brand_id = b.brand_id;
END;
CREATE TRIGGER chats_location_prompts_delete BEFORE DELETE ON chats
WHEN old.location IS NOT NULL BEGIN
    UPDATE location_weekly_prompts SET chats = chats - 1, own_chats = own_chats - old.own_named,
        competitor_chats = competitor_chats - old.competitor_named
    WHERE workspace_id = old.workspace_id AND location = old.location
      AND day = date(old.created_at, '-6 days', 'weekday 1') AND engine = old.engine
      AND prompt_id = old.prompt_id;
END;
CREATE TRIGGER chats_location_prompts_insert AFTER INSERT ON chats
WHEN new.location IS NOT NULL BEGIN
    INSERT INTO location_weekly_prompts (workspace_id, location, day, engine, prompt_id, chats,
                                         own_chats, competitor_chats)
    VALUES (new.workspace_id, new.location, date(new.created_at, '-6 days', 'weekday 1'),
            new.engine, new.prompt_id, 1, new.own_named, new.competitor_named)
    ON CONFLICT (workspace_id, location, day, engine, prompt_id) DO UPDATE SET
        chats = chats + 1, own_chats = own_chats + excluded.own_chats,
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
CREATE INDEX chats_prompt ON chats (prompt_id, created_at, workspace_id, engine, location);
CREATE TRIGGER chats_url_delete BEFORE DELETE ON chats BEGIN
    UPDATE domain_weekly_urls AS r SET citations = r.citations - s.cited,
        retrieved_chats = r.retrieved_chats - 1
    FROM (SELECT domain, url, cited FROM chat_sources WHERE chat_id = old.id) s
    WHERE r.workspace_id = old.workspace_id AND r.domain = s.domain
      AND r.day = date(old.created_at, '-6 days', 'weekday 1') AND r.engine = old.engine
      AND r.location = coalesce(old.location, '') AND r.url = s.url;
END;
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
    sentiment_sum REAL NOT NULL DEFAULT 0,
    sentiment_scored INTEGER NOT NULL DEFAULT 0,
    positive     INTEGER NOT NULL DEFAULT 0,
    neutral      INTEGER NOT NULL DEFAULT 0,
    negative     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, day, engine, brand_id)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_brands VALUES(1,'2026-11-16','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-16','simulated',2,6,8,5,0.6376999999999998,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-16','simulated',3,4,10,3,1.1109,4,3,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-17','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-17','simulated',2,6,8,5,0.6376999999999998,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-17','simulated',3,4,10,3,1.1109,4,3,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-18','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-18','simulated',2,6,8,5,0.6376999999999998,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-18','simulated',3,4,10,3,1.1109,4,3,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-19','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-19','simulated',2,6,8,5,0.6376999999999998,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-19','simulated',3,4,10,3,1.1109,4,3,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-20','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-20','simulated',2,6,8,5,0.6376999999999998,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-20','simulated',3,4,10,3,1.1109,4,3,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-21','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-21','simulated',2,6,8,5,0.6376999999999998,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-21','simulated',3,4,10,3,1.1109,4,3,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-22','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-22','simulated',2,6,8,5,0.6376999999999998,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-22','simulated',3,4,10,3,1.1109,4,3,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-23','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-23','simulated',2,6,8,5,0.6376999999999999,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-23','simulated',3,4,10,3,1.1109,4,3,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-24','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-24','simulated',2,6,8,5,0.6376999999999999,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-24','simulated',3,4,10,3,1.1109,4,3,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-25','simulated',1,4,7,4,0.4214,4,2,2,0);
INSERT INTO daily_brands VALUES(1,'2026-11-25','simulated',2,6,8,5,0.6376999999999999,6,3,1,2);
INSERT INTO daily_brands VALUES(1,'2026-11-25','simulated',3,4,10,3,1.1109,4,3,0,1);

-- Table  daily_categories
DROP TABLE IF EXISTS daily_categories;
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
INSERT INTO daily_categories VALUES(1,'2026-11-16','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-16','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-16','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-16','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-16','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-16','simulated','ugc',5,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-17','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-17','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-17','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-17','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-17','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-17','simulated','ugc',5,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-18','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-18','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-18','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-18','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-18','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-18','simulated','ugc',5,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-19','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-19','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-19','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-19','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-19','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-19','simulated','ugc',5,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-20','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-20','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-20','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-20','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-20','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-20','simulated','ugc',5,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-21','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-21','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-21','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-21','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-21','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-21','simulated','ugc',5,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-22','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-22','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-22','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-22','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-22','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-22','simulated','ugc',5,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-23','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-23','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-23','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-23','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-23','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-23','simulated','ugc',5,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-24','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-24','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-24','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-24','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-24','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-24','simulated','ugc',5,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-25','simulated','competitor',8,5,5);
INSERT INTO daily_categories VALUES(1,'2026-11-25','simulated','editorial',0,0,3);
INSERT INTO daily_categories VALUES(1,'2026-11-25','simulated','other',12,6,6);
INSERT INTO daily_categories VALUES(1,'2026-11-25','simulated','own',4,4,4);
INSERT INTO daily_categories VALUES(1,'2026-11-25','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(1,'2026-11-25','simulated','ugc',5,4,4);

-- Table  daily_chats
DROP TABLE IF EXISTS daily_chats;
CREATE TABLE daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_chats VALUES(1,'2026-11-16','simulated',6);
INSERT INTO daily_chats VALUES(1,'2026-11-17','simulated',6);
INSERT INTO daily_chats VALUES(1,'2026-11-18','simulated',6);
INSERT INTO daily_chats VALUES(1,'2026-11-19','simulated',6);
INSERT INTO daily_chats VALUES(1,'2026-11-20','simulated',6);
INSERT INTO daily_chats VALUES(1,'2026-11-21','simulated',6);
INSERT INTO daily_chats VALUES(1,'2026-11-22','simulated',6);
INSERT INTO daily_chats VALUES(1,'2026-11-23','simulated',6);
INSERT INTO daily_chats VALUES(1,'2026-11-24','simulated',6);
INSERT INTO daily_chats VALUES(1,'2026-11-25','simulated',6);

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
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','acme.com',4,4,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','algolia.com',1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','capterra.com',1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','contoso.example',2,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','g2.com',0,0,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','globex.com',5,5,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','hooli.example',1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','initech.com',3,3,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','initech.example',1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','northwind.example',2,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','reddit.com',3,3,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','stark.example',3,3,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','umbrella.example',2,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','vandelay.example',1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-16','simulated','wikipedia.org',3,3,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','acme.com',4,4,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','algolia.com',1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','capterra.com',1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','contoso.example',2,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','g2.com',0,0,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','globex.com',5,5,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','hooli.example',1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','initech.com',3,3,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','initech.example',1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','northwind.example',2,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','reddit.com',3,3,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','stark.example',3,3,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','umbrella.example',2,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','vandelay.example',1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-17','simulated','wikipedia.org',3,3,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','acme.com',4,4,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','algolia.com',1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','capterra.com',1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','contoso.example',2,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','g2.com',0,0,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','globex.com',5,5,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','hooli.example',1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','initech.com',3,3,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','initech.example',1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','northwind.example',2,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','reddit.com',3,3,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','stark.example',3,3,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','umbrella.example',2,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','vandelay.example',1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-18','simulated','wikipedia.org',3,3,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','acme.com',4,4,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','algolia.com',1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','capterra.com',1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','contoso.example',2,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','g2.com',0,0,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','globex.com',5,5,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','hooli.example',1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','initech.com',3,3,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','initech.example',1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','northwind.example',2,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','reddit.com',3,3,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','stark.example',3,3,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','umbrella.example',2,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','vandelay.example',1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-19','simulated','wikipedia.org',3,3,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','acme.com',4,4,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','algolia.com',1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','capterra.com',1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','contoso.example',2,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','g2.com',0,0,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','globex.com',5,5,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','hooli.example',1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','initech.com',3,3,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','initech.example',1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','northwind.example',2,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','reddit.com',3,3,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','stark.example',3,3,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','umbrella.example',2,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','vandelay.example',1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-20','simulated','wikipedia.org',3,3,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','acme.com',4,4,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','algolia.com',1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','capterra.com',1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','contoso.example',2,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','g2.com',0,0,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','globex.com',5,5,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','hooli.example',1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','initech.com',3,3,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','initech.example',1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','northwind.example',2,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','reddit.com',3,3,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','stark.example',3,3,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','umbrella.example',2,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','vandelay.example',1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-21','simulated','wikipedia.org',3,3,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','acme.com',4,4,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','algolia.com',1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','capterra.com',1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','contoso.example',2,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','g2.com',0,0,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','globex.com',5,5,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','hooli.example',1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','initech.com',3,3,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','initech.example',1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','northwind.example',2,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','reddit.com',3,3,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','stark.example',3,3,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','umbrella.example',2,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','vandelay.example',1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-22','simulated','wikipedia.org',3,3,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','acme.com',4,4,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','algolia.com',1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','capterra.com',1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','contoso.example',2,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','g2.com',0,0,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','globex.com',5,5,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','hooli.example',1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','initech.com',3,3,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','initech.example',1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','northwind.example',2,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','reddit.com',3,3,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','stark.example',3,3,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','umbrella.example',2,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','vandelay.example',1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','wikipedia.org',3,3,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','acme.com',4,4,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','algolia.com',1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','capterra.com',1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','contoso.example',2,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','g2.com',0,0,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','globex.com',5,5,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','hooli.example',1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','initech.com',3,3,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','initech.example',1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','northwind.example',2,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','reddit.com',3,3,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','stark.example',3,3,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','umbrella.example',2,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','vandelay.example',1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-24','simulated','wikipedia.org',3,3,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','acme.com',4,4,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','algolia.com',1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','capterra.com',1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','contoso.example',2,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','g2.com',0,0,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','globex.com',5,5,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','hooli.example',1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','initech.com',3,3,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','initech.example',1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','northwind.example',2,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','reddit.com',3,3,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','stark.example',3,3,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','umbrella.example',2,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','vandelay.example',1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-25','simulated','wikipedia.org',3,3,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',3);

-- Table  daily_gap_brands
DROP TABLE IF EXISTS daily_gap_brands;
CREATE TABLE daily_gap_brands (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    domain       TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    brand_id     INTEGER NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, domain, day, engine, brand_id)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-16','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-16','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-17','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-17','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-18','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-18','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-19','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-19','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-20','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-20','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-21','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-21','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-22','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-22','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-23','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-23','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-24','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-24','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-25','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'globex.com','2026-11-25','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-16','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-16','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-17','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-17','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-18','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-18','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-19','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-19','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-20','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-20','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-21','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-21','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-22','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-22','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-23','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-23','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-24','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-24','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-25','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.com','2026-11-25','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-16','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-16','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-17','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-17','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-18','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-18','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-19','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-19','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-20','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-20','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-21','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-21','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-22','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-22','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-23','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-23','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-24','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-24','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-25','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'initech.example','2026-11-25','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-16','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-17','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-18','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-19','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-20','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-21','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-22','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-23','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-24','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'northwind.example','2026-11-25','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-16','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-16','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-17','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-17','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-18','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-18','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-19','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-19','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-20','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-20','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-21','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-21','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-22','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-22','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-23','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-23','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-24','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-24','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-25','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'reddit.com','2026-11-25','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-16','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-16','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-17','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-17','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-18','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-18','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-19','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-19','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-20','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-20','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-21','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-21','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-22','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-22','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-23','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-23','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-24','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-24','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-25','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'stark.example','2026-11-25','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-16','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-17','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-18','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-19','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-20','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-21','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-22','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-23','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-24','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'umbrella.example','2026-11-25','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-16','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-17','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-18','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-19','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-20','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-21','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-22','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-23','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-24','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'vandelay.example','2026-11-25','simulated',2,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-16','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-16','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-17','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-17','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-18','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-18','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-19','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-19','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-20','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-20','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-21','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-21','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-22','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-22','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-23','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-23','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-24','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-24','simulated',3,1);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-25','simulated',2,2);
INSERT INTO daily_gap_brands VALUES(1,'wikipedia.org','2026-11-25','simulated',3,1);

-- Table  daily_gap_domains
DROP TABLE IF EXISTS daily_gap_domains;
CREATE TABLE daily_gap_domains (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    domain       TEXT NOT NULL,
    citations    INTEGER NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, domain)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_gap_domains VALUES(1,'2026-11-16','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-16','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-16','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-16','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-16','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-16','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-16','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-16','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-16','simulated','wikipedia.org',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-17','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-17','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-17','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-17','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-17','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-17','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-17','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-17','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-17','simulated','wikipedia.org',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-18','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-18','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-18','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-18','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-18','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-18','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-18','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-18','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-18','simulated','wikipedia.org',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-19','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-19','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-19','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-19','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-19','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-19','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-19','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-19','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-19','simulated','wikipedia.org',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-20','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-20','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-20','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-20','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-20','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-20','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-20','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-20','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-20','simulated','wikipedia.org',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-21','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-21','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-21','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-21','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-21','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-21','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-21','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-21','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-21','simulated','wikipedia.org',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-22','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-22','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-22','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-22','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-22','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-22','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-22','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-22','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-22','simulated','wikipedia.org',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-23','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-23','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-23','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-23','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-23','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-23','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-23','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-23','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-23','simulated','wikipedia.org',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-24','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-24','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-24','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-24','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-24','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-24','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-24','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-24','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-24','simulated','wikipedia.org',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-25','simulated','globex.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-25','simulated','initech.com',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-25','simulated','initech.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-25','simulated','northwind.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-25','simulated','reddit.com',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-25','simulated','stark.example',2,2);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-25','simulated','umbrella.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-25','simulated','vandelay.example',1,1);
INSERT INTO daily_gap_domains VALUES(1,'2026-11-25','simulated','wikipedia.org',2,2);

-- Table  daily_names
DROP TABLE IF EXISTS daily_names;
CREATE TABLE daily_names (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    mentions     INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine, name_key)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-16','simulated','vandelay tools',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-17','simulated','vandelay tools',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-18','simulated','vandelay tools',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-19','simulated','vandelay tools',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-20','simulated','vandelay tools',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-21','simulated','vandelay tools',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-22','simulated','vandelay tools',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-23','simulated','vandelay tools',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-24','simulated','vandelay tools',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','acme',4,8);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','contoso cloud',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','globex',6,12);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','hooli stack',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','initech',4,9);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','northwind suite',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','stark analytics',3,3);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-25','simulated','vandelay tools',2,2);

-- Table  dashboard_sessions
DROP TABLE IF EXISTS dashboard_sessions;
CREATE TABLE dashboard_sessions (
    token_hash  BLOB PRIMARY KEY,
    api_key_id  INTEGER NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    csrf_token  TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL
) STRICT, WITHOUT ROWID;
-- Triggers and indices on  dashboard_sessions
CREATE INDEX dashboard_sessions_expires ON dashboard_sessions (expires_at);
CREATE INDEX dashboard_sessions_key ON dashboard_sessions (api_key_id);

-- Table  data_revision
DROP TABLE IF EXISTS data_revision;
CREATE TABLE data_revision (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    revision INTEGER NOT NULL
) STRICT;
INSERT INTO data_revision VALUES(1,172);

-- Table  domain_weekly_urls
DROP TABLE IF EXISTS domain_weekly_urls;
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
INSERT INTO domain_weekly_urls VALUES(1,'acme.com','2026-11-16','simulated','','https://acme.com/','acme.com',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'acme.com','2026-11-16','simulated','DE','https://acme.com/','acme.com',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'acme.com','2026-11-16','simulated','US','https://acme.com/','acme.com',14,14);
INSERT INTO domain_weekly_urls VALUES(1,'acme.com','2026-11-23','simulated','','https://acme.com/','acme.com',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'acme.com','2026-11-23','simulated','DE','https://acme.com/','acme.com',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'acme.com','2026-11-23','simulated','US','https://acme.com/','acme.com',6,6);
INSERT INTO domain_weekly_urls VALUES(1,'algolia.com','2026-11-16','simulated','US','https://hn.algolia.com/?q=best%20crm%200','hn.algolia.com',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'algolia.com','2026-11-16','simulated','US','https://hn.algolia.com/?q=best%20crm%203','hn.algolia.com',0,7);
INSERT INTO domain_weekly_urls VALUES(1,'algolia.com','2026-11-16','simulated','US','https://hn.algolia.com/?q=best%20crm%206','hn.algolia.com',0,0);
INSERT INTO domain_weekly_urls VALUES(1,'algolia.com','2026-11-23','simulated','US','https://hn.algolia.com/?q=best%20crm%200','hn.algolia.com',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'algolia.com','2026-11-23','simulated','US','https://hn.algolia.com/?q=best%20crm%203','hn.algolia.com',0,3);
INSERT INTO domain_weekly_urls VALUES(1,'capterra.com','2026-11-16','simulated','','https://www.capterra.com/compare/best%20crm%202','capterra.com',0,7);
INSERT INTO domain_weekly_urls VALUES(1,'capterra.com','2026-11-16','simulated','DE','https://www.capterra.com/compare/best%20crm%204','capterra.com',0,7);
INSERT INTO domain_weekly_urls VALUES(1,'capterra.com','2026-11-16','simulated','US','https://www.capterra.com/compare/best%20crm%200','capterra.com',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'capterra.com','2026-11-23','simulated','','https://www.capterra.com/compare/best%20crm%202','capterra.com',0,3);
INSERT INTO domain_weekly_urls VALUES(1,'capterra.com','2026-11-23','simulated','DE','https://www.capterra.com/compare/best%20crm%204','capterra.com',0,3);
INSERT INTO domain_weekly_urls VALUES(1,'capterra.com','2026-11-23','simulated','US','https://www.capterra.com/compare/best%20crm%200','capterra.com',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'contoso.example','2026-11-16','simulated','US','https://contoso.example/','contoso.example',14,14);
INSERT INTO domain_weekly_urls VALUES(1,'contoso.example','2026-11-23','simulated','US','https://contoso.example/','contoso.example',6,6);
INSERT INTO domain_weekly_urls VALUES(1,'g2.com','2026-11-16','simulated','','https://www.g2.com/categories/best%20crm%202','g2.com',0,7);
INSERT INTO domain_weekly_urls VALUES(1,'g2.com','2026-11-16','simulated','DE','https://www.g2.com/categories/best%20crm%204','g2.com',0,7);
INSERT INTO domain_weekly_urls VALUES(1,'g2.com','2026-11-16','simulated','US','https://www.g2.com/categories/best%20crm%200','g2.com',0,7);
INSERT INTO domain_weekly_urls VALUES(1,'g2.com','2026-11-16','simulated','US','https://www.g2.com/categories/best%20crm%206','g2.com',0,0);
INSERT INTO domain_weekly_urls VALUES(1,'g2.com','2026-11-23','simulated','','https://www.g2.com/categories/best%20crm%202','g2.com',0,3);
INSERT INTO domain_weekly_urls VALUES(1,'g2.com','2026-11-23','simulated','DE','https://www.g2.com/categories/best%20crm%204','g2.com',0,3);
INSERT INTO domain_weekly_urls VALUES(1,'g2.com','2026-11-23','simulated','US','https://www.g2.com/categories/best%20crm%200','g2.com',0,3);
INSERT INTO domain_weekly_urls VALUES(1,'globex.com','2026-11-16','simulated','','https://globex.com/','globex.com',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'globex.com','2026-11-16','simulated','DE','https://globex.com/','globex.com',14,14);
INSERT INTO domain_weekly_urls VALUES(1,'globex.com','2026-11-16','simulated','US','https://globex.com/','globex.com',14,14);
INSERT INTO domain_weekly_urls VALUES(1,'globex.com','2026-11-23','simulated','','https://globex.com/','globex.com',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'globex.com','2026-11-23','simulated','DE','https://globex.com/','globex.com',6,6);
INSERT INTO domain_weekly_urls VALUES(1,'globex.com','2026-11-23','simulated','US','https://globex.com/','globex.com',6,6);
INSERT INTO domain_weekly_urls VALUES(1,'hooli.example','2026-11-16','simulated','','https://hooli.example/','hooli.example',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'hooli.example','2026-11-23','simulated','','https://hooli.example/','hooli.example',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'initech.com','2026-11-16','simulated','DE','https://initech.com/','initech.com',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'initech.com','2026-11-16','simulated','US','https://initech.com/','initech.com',14,14);
INSERT INTO domain_weekly_urls VALUES(1,'initech.com','2026-11-23','simulated','DE','https://initech.com/','initech.com',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'initech.com','2026-11-23','simulated','US','https://initech.com/','initech.com',6,6);
INSERT INTO domain_weekly_urls VALUES(1,'initech.example','2026-11-16','simulated','DE','https://initech.example/','initech.example',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'initech.example','2026-11-23','simulated','DE','https://initech.example/','initech.example',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'northwind.example','2026-11-16','simulated','','https://northwind.example/','northwind.example',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'northwind.example','2026-11-16','simulated','DE','https://northwind.example/','northwind.example',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'northwind.example','2026-11-16','simulated','US','https://northwind.example/','northwind.example',0,0);
INSERT INTO domain_weekly_urls VALUES(1,'northwind.example','2026-11-23','simulated','','https://northwind.example/','northwind.example',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'northwind.example','2026-11-23','simulated','DE','https://northwind.example/','northwind.example',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'reddit.com','2026-11-16','simulated','','https://www.reddit.com/search/?q=best%20crm%202','reddit.com',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'reddit.com','2026-11-16','simulated','DE','https://www.reddit.com/search/?q=best%20crm%204','reddit.com',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'reddit.com','2026-11-16','simulated','US','https://www.reddit.com/search/?q=best%20crm%200','reddit.com',0,7);
INSERT INTO domain_weekly_urls VALUES(1,'reddit.com','2026-11-16','simulated','US','https://www.reddit.com/search/?q=best%20crm%203','reddit.com',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'reddit.com','2026-11-23','simulated','','https://www.reddit.com/search/?q=best%20crm%202','reddit.com',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'reddit.com','2026-11-23','simulated','DE','https://www.reddit.com/search/?q=best%20crm%204','reddit.com',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'reddit.com','2026-11-23','simulated','US','https://www.reddit.com/search/?q=best%20crm%200','reddit.com',0,3);
INSERT INTO domain_weekly_urls VALUES(1,'reddit.com','2026-11-23','simulated','US','https://www.reddit.com/search/?q=best%20crm%203','reddit.com',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'stark.example','2026-11-16','simulated','','https://stark.example/','stark.example',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'stark.example','2026-11-16','simulated','DE','https://stark.example/','stark.example',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'stark.example','2026-11-16','simulated','US','https://stark.example/','stark.example',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'stark.example','2026-11-23','simulated','','https://stark.example/','stark.example',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'stark.example','2026-11-23','simulated','DE','https://stark.example/','stark.example',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'stark.example','2026-11-23','simulated','US','https://stark.example/','stark.example',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'umbrella.example','2026-11-16','simulated','','https://umbrella.example/','umbrella.example',14,14);
INSERT INTO domain_weekly_urls VALUES(1,'umbrella.example','2026-11-23','simulated','','https://umbrella.example/','umbrella.example',6,6);
INSERT INTO domain_weekly_urls VALUES(1,'vandelay.example','2026-11-16','simulated','','https://vandelay.example/','vandelay.example',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'vandelay.example','2026-11-16','simulated','US','https://vandelay.example/','vandelay.example',0,0);
INSERT INTO domain_weekly_urls VALUES(1,'vandelay.example','2026-11-23','simulated','','https://vandelay.example/','vandelay.example',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'wikipedia.org','2026-11-16','simulated','','https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','en.wikipedia.org',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'wikipedia.org','2026-11-16','simulated','DE','https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','en.wikipedia.org',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'wikipedia.org','2026-11-16','simulated','US','https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','en.wikipedia.org',7,7);
INSERT INTO domain_weekly_urls VALUES(1,'wikipedia.org','2026-11-16','simulated','US','https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%206','en.wikipedia.org',0,0);
INSERT INTO domain_weekly_urls VALUES(1,'wikipedia.org','2026-11-23','simulated','','https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%202','en.wikipedia.org',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'wikipedia.org','2026-11-23','simulated','DE','https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%204','en.wikipedia.org',3,3);
INSERT INTO domain_weekly_urls VALUES(1,'wikipedia.org','2026-11-23','simulated','US','https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%203','en.wikipedia.org',3,3);

-- Table  engine_calls
DROP TABLE IF EXISTS engine_calls;
CREATE TABLE engine_calls (
    engine TEXT NOT NULL,
    day    TEXT NOT NULL,
    calls  INTEGER NOT NULL,
    PRIMARY KEY (engine, day)
) STRICT, WITHOUT ROWID;
INSERT INTO engine_calls VALUES('simulated','2026-11-16',7);
INSERT INTO engine_calls VALUES('simulated','2026-11-17',7);
INSERT INTO engine_calls VALUES('simulated','2026-11-18',7);
INSERT INTO engine_calls VALUES('simulated','2026-11-19',7);
INSERT INTO engine_calls VALUES('simulated','2026-11-20',7);
INSERT INTO engine_calls VALUES('simulated','2026-11-21',7);
INSERT INTO engine_calls VALUES('simulated','2026-11-22',7);
INSERT INTO engine_calls VALUES('simulated','2026-11-23',6);
INSERT INTO engine_calls VALUES('simulated','2026-11-24',6);
INSERT INTO engine_calls VALUES('simulated','2026-11-25',6);

-- Table  group_weekly_categories
DROP TABLE IF EXISTS group_weekly_categories;
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
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-16','simulated','competitor',56,35,35);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-16','simulated','editorial',0,0,21);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-16','simulated','other',84,42,42);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-16','simulated','own',28,28,28);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-16','simulated','reference',21,21,21);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-16','simulated','ugc',35,28,28);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','competitor',24,15,15);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','editorial',0,0,9);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','other',36,18,18);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','own',12,12,12);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','reference',9,9,9);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','ugc',15,12,12);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-16','simulated','competitor',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-16','simulated','editorial',0,0,7);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-16','simulated','other',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-16','simulated','own',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-16','simulated','ugc',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-23','simulated','competitor',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-23','simulated','editorial',0,0,3);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-23','simulated','other',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-23','simulated','own',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'location DE','2026-11-23','simulated','ugc',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-16','simulated','competitor',28,14,14);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-16','simulated','editorial',0,0,7);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-16','simulated','other',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-16','simulated','own',14,14,14);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-16','simulated','ugc',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-23','simulated','competitor',12,6,6);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-23','simulated','editorial',0,0,3);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-23','simulated','other',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-23','simulated','own',6,6,6);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-23','simulated','ugc',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-16','simulated','competitor',35,21,21);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-16','simulated','editorial',0,0,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-16','simulated','other',35,21,21);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-16','simulated','own',21,21,21);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-16','simulated','ugc',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','competitor',15,9,9);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','editorial',0,0,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','other',15,9,9);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','own',9,9,9);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','ugc',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-16','simulated','competitor',28,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-16','simulated','editorial',0,0,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-16','simulated','other',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-16','simulated','own',14,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-16','simulated','ugc',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-23','simulated','competitor',12,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-23','simulated','editorial',0,0,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-23','simulated','other',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-23','simulated','own',6,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 1 location US','2026-11-23','simulated','ugc',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-16','simulated','competitor',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-16','simulated','editorial',0,0,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-16','simulated','other',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-16','simulated','own',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-16','simulated','ugc',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-23','simulated','competitor',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-23','simulated','editorial',0,0,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-23','simulated','other',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-23','simulated','own',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 2','2026-11-23','simulated','ugc',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-16','simulated','competitor',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-16','simulated','editorial',0,0,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-16','simulated','other',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-16','simulated','own',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-16','simulated','ugc',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-23','simulated','competitor',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-23','simulated','editorial',0,0,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-23','simulated','other',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-23','simulated','own',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 2 location DE','2026-11-23','simulated','ugc',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-16','simulated','competitor',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-16','simulated','editorial',0,0,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-16','simulated','other',42,14,14);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-16','simulated','own',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-16','simulated','ugc',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-23','simulated','competitor',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-23','simulated','editorial',0,0,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-23','simulated','other',18,6,6);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-23','simulated','own',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'tag 3','2026-11-23','simulated','ugc',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-16','simulated','competitor',35,21,21);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-16','simulated','editorial',0,0,21);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-16','simulated','other',70,28,28);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-16','simulated','own',14,14,14);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-16','simulated','reference',14,14,14);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-16','simulated','ugc',28,21,21);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-23','simulated','competitor',15,9,9);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-23','simulated','editorial',0,0,9);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-23','simulated','other',30,12,12);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-23','simulated','own',6,6,6);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-23','simulated','reference',6,6,6);
INSERT INTO group_weekly_categories VALUES(1,'topic 1','2026-11-23','simulated','ugc',12,9,9);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-16','simulated','competitor',14,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-16','simulated','editorial',0,0,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-16','simulated','other',14,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-16','simulated','ugc',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-23','simulated','competitor',6,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-23','simulated','editorial',0,0,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-23','simulated','other',6,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location DE','2026-11-23','simulated','ugc',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-16','simulated','competitor',14,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-16','simulated','editorial',0,0,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-16','simulated','other',14,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-16','simulated','own',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-16','simulated','reference',0,0,0);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-16','simulated','ugc',14,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-23','simulated','competitor',6,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-23','simulated','editorial',0,0,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-23','simulated','other',6,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-23','simulated','own',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 1 location US','2026-11-23','simulated','ugc',6,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-16','simulated','competitor',21,14,14);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-16','simulated','other',14,14,14);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-16','simulated','own',14,14,14);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-16','simulated','ugc',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-23','simulated','competitor',9,6,6);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-23','simulated','other',6,6,6);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-23','simulated','own',6,6,6);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2','2026-11-23','simulated','ugc',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location DE','2026-11-16','simulated','competitor',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location DE','2026-11-16','simulated','other',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location DE','2026-11-16','simulated','own',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location DE','2026-11-23','simulated','competitor',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location DE','2026-11-23','simulated','other',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location DE','2026-11-23','simulated','own',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-16','simulated','competitor',14,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-16','simulated','other',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-16','simulated','own',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-16','simulated','reference',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-16','simulated','ugc',7,7,7);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-23','simulated','competitor',6,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-23','simulated','other',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-23','simulated','own',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(1,'topic 2 location US','2026-11-23','simulated','ugc',3,3,3);

-- Table  group_weekly_domains
DROP TABLE IF EXISTS group_weekly_domains;
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
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','acme.com',28,28,28);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','algolia.com',7,7,14);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','capterra.com',7,7,21);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','contoso.example',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','g2.com',0,0,21);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','globex.com',35,35,35);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','hooli.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','initech.com',21,21,21);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','initech.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','northwind.example',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','reddit.com',21,21,28);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','stark.example',21,21,21);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','umbrella.example',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','vandelay.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-16','simulated','wikipedia.org',21,21,21);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','acme.com',12,12,12);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','algolia.com',3,3,6);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','capterra.com',3,3,9);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','contoso.example',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','g2.com',0,0,9);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','globex.com',15,15,15);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','hooli.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','initech.com',9,9,9);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','initech.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','northwind.example',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','reddit.com',9,9,12);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','stark.example',9,9,9);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','umbrella.example',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','vandelay.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','wikipedia.org',9,9,9);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','acme.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','capterra.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','g2.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','globex.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','initech.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','initech.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','northwind.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','reddit.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','stark.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','acme.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','capterra.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','g2.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','globex.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','initech.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','initech.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','northwind.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','reddit.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','stark.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'location DE','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','acme.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','algolia.com',7,7,14);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','capterra.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','contoso.example',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','g2.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','globex.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','initech.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','northwind.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','reddit.com',7,7,14);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','stark.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','vandelay.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','acme.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','algolia.com',3,3,6);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','capterra.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','contoso.example',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','g2.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','globex.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','initech.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','reddit.com',3,3,6);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','stark.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','acme.com',21,21,21);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','algolia.com',7,7,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','capterra.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','contoso.example',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','g2.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','globex.com',21,21,21);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','hooli.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','initech.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','northwind.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','reddit.com',7,7,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','stark.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','umbrella.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','vandelay.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','acme.com',9,9,9);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','algolia.com',3,3,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','capterra.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','contoso.example',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','g2.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','globex.com',9,9,9);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','hooli.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','initech.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','reddit.com',3,3,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','stark.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','umbrella.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','acme.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','algolia.com',7,7,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','capterra.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','contoso.example',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','g2.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','globex.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','initech.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','northwind.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','reddit.com',7,7,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','stark.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','vandelay.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','acme.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','algolia.com',3,3,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','capterra.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','contoso.example',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','g2.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','globex.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','initech.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','reddit.com',3,3,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','stark.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 1 location US','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','acme.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','capterra.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','g2.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','globex.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','initech.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','initech.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','northwind.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','reddit.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','stark.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','acme.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','capterra.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','g2.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','globex.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','initech.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','initech.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','northwind.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','reddit.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','stark.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','acme.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','capterra.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','g2.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','globex.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','initech.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','initech.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','northwind.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','reddit.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','stark.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','acme.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','capterra.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','g2.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','globex.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','initech.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','initech.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','northwind.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','reddit.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','stark.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 2 location DE','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','acme.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','capterra.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','g2.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','globex.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','hooli.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','northwind.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','reddit.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','stark.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','umbrella.example',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','vandelay.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','acme.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','capterra.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','g2.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','globex.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','hooli.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','northwind.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','reddit.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','stark.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','umbrella.example',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','vandelay.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'tag 3','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','acme.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','algolia.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','capterra.com',7,7,21);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','contoso.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','g2.com',0,0,21);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','globex.com',21,21,21);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','hooli.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','initech.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','initech.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','northwind.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','reddit.com',14,14,21);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','stark.example',21,21,21);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','umbrella.example',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','vandelay.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-16','simulated','wikipedia.org',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','acme.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','algolia.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','capterra.com',3,3,9);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','contoso.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','g2.com',0,0,9);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','globex.com',9,9,9);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','hooli.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','initech.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','initech.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','northwind.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','reddit.com',6,6,9);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','stark.example',9,9,9);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','umbrella.example',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','vandelay.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1','2026-11-23','simulated','wikipedia.org',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-16','simulated','capterra.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-16','simulated','g2.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-16','simulated','globex.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-16','simulated','initech.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-16','simulated','initech.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-16','simulated','reddit.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-16','simulated','stark.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-23','simulated','capterra.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-23','simulated','g2.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-23','simulated','globex.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-23','simulated','initech.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-23','simulated','initech.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-23','simulated','reddit.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-23','simulated','stark.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location DE','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','acme.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','algolia.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','capterra.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','contoso.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','g2.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','globex.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','initech.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','northwind.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','reddit.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','stark.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','vandelay.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-16','simulated','wikipedia.org',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-23','simulated','acme.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-23','simulated','algolia.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-23','simulated','capterra.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-23','simulated','contoso.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-23','simulated','g2.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-23','simulated','globex.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-23','simulated','initech.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-23','simulated','reddit.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 1 location US','2026-11-23','simulated','stark.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','acme.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','algolia.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','contoso.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','globex.com',14,14,14);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','hooli.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','initech.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','northwind.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','reddit.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','umbrella.example',0,0,0);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-23','simulated','acme.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-23','simulated','algolia.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-23','simulated','contoso.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-23','simulated','globex.com',6,6,6);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-23','simulated','initech.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-23','simulated','northwind.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-23','simulated','reddit.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location DE','2026-11-16','simulated','acme.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location DE','2026-11-16','simulated','globex.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location DE','2026-11-16','simulated','northwind.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location DE','2026-11-23','simulated','acme.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location DE','2026-11-23','simulated','globex.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location DE','2026-11-23','simulated','northwind.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-16','simulated','acme.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-16','simulated','algolia.com',0,0,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-16','simulated','contoso.example',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-16','simulated','globex.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-16','simulated','initech.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-16','simulated','reddit.com',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-16','simulated','wikipedia.org',7,7,7);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-23','simulated','acme.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-23','simulated','algolia.com',0,0,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-23','simulated','contoso.example',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-23','simulated','globex.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-23','simulated','initech.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-23','simulated','reddit.com',3,3,3);
INSERT INTO group_weekly_domains VALUES(1,'topic 2 location US','2026-11-23','simulated','wikipedia.org',3,3,3);

-- Table  group_weekly_names
DROP TABLE IF EXISTS group_weekly_names;
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
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','acme',28,56);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','contoso cloud',21,21);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','globex',42,84);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','globex one',7,7);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','hooli stack',21,21);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','initech',28,63);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','initech pro',7,7);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','northwind suite',14,14);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','stark analytics',21,21);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','umbrella works',14,14);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-16','simulated','vandelay tools',14,14);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','acme',12,24);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','contoso cloud',9,9);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','globex',18,36);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','globex one',3,3);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','hooli stack',9,9);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','initech',12,27);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','initech pro',3,3);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','northwind suite',6,6);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','stark analytics',9,9);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','umbrella works',6,6);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','vandelay tools',6,6);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-16','simulated','acme',7,14);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-16','simulated','contoso cloud',7,7);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-16','simulated','globex',14,28);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-16','simulated','hooli stack',7,7);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-16','simulated','initech',7,28);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-16','simulated','initech pro',7,7);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-16','simulated','northwind suite',7,7);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-16','simulated','stark analytics',7,7);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-23','simulated','acme',3,6);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-23','simulated','contoso cloud',3,3);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-23','simulated','globex',6,12);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-23','simulated','hooli stack',3,3);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-23','simulated','initech',3,12);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-23','simulated','initech pro',3,3);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-23','simulated','northwind suite',3,3);
INSERT INTO group_weekly_names VALUES(1,'location DE','2026-11-23','simulated','stark analytics',3,3);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-16','simulated','acme',14,28);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-16','simulated','contoso cloud',14,14);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-16','simulated','globex',14,28);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-16','simulated','hooli stack',7,7);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-16','simulated','initech',14,28);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-16','simulated','northwind suite',0,0);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-16','simulated','stark analytics',7,7);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-16','simulated','vandelay tools',0,0);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','acme',6,12);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','contoso cloud',6,6);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','globex',6,12);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','hooli stack',3,3);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','initech',6,12);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','stark analytics',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','acme',21,42);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','contoso cloud',14,14);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','globex',21,49);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','globex one',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','hooli stack',14,14);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','initech',21,35);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','northwind suite',0,0);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','stark analytics',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','umbrella works',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-16','simulated','vandelay tools',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','acme',9,18);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','contoso cloud',6,6);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','globex',9,21);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','globex one',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','hooli stack',6,6);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','initech',9,15);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','stark analytics',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','umbrella works',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','vandelay tools',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-16','simulated','acme',14,28);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-16','simulated','contoso cloud',14,14);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-16','simulated','globex',14,28);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-16','simulated','hooli stack',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-16','simulated','initech',14,28);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-16','simulated','northwind suite',0,0);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-16','simulated','stark analytics',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-16','simulated','vandelay tools',0,0);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-23','simulated','acme',6,12);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-23','simulated','contoso cloud',6,6);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-23','simulated','globex',6,12);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-23','simulated','hooli stack',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-23','simulated','initech',6,12);
INSERT INTO group_weekly_names VALUES(1,'tag 1 location US','2026-11-23','simulated','stark analytics',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-16','simulated','acme',7,14);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-16','simulated','contoso cloud',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-16','simulated','globex',14,28);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-16','simulated','hooli stack',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-16','simulated','initech',7,28);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-16','simulated','initech pro',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-16','simulated','northwind suite',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-16','simulated','stark analytics',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-23','simulated','acme',3,6);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-23','simulated','contoso cloud',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-23','simulated','globex',6,12);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-23','simulated','hooli stack',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-23','simulated','initech',3,12);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-23','simulated','initech pro',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-23','simulated','northwind suite',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2','2026-11-23','simulated','stark analytics',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-16','simulated','acme',7,14);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-16','simulated','contoso cloud',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-16','simulated','globex',14,28);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-16','simulated','hooli stack',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-16','simulated','initech',7,28);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-16','simulated','initech pro',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-16','simulated','northwind suite',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-16','simulated','stark analytics',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-23','simulated','acme',3,6);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-23','simulated','contoso cloud',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-23','simulated','globex',6,12);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-23','simulated','hooli stack',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-23','simulated','initech',3,12);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-23','simulated','initech pro',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-23','simulated','northwind suite',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 2 location DE','2026-11-23','simulated','stark analytics',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-16','simulated','acme',7,14);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-16','simulated','globex',14,28);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-16','simulated','globex one',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-16','simulated','hooli stack',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-16','simulated','initech',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-16','simulated','northwind suite',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-16','simulated','stark analytics',7,7);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-16','simulated','umbrella works',14,14);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-16','simulated','vandelay tools',14,14);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-23','simulated','acme',3,6);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-23','simulated','globex',6,12);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-23','simulated','globex one',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-23','simulated','hooli stack',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-23','simulated','initech',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-23','simulated','northwind suite',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-23','simulated','stark analytics',3,3);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-23','simulated','umbrella works',6,6);
INSERT INTO group_weekly_names VALUES(1,'tag 3','2026-11-23','simulated','vandelay tools',6,6);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','acme',14,28);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','contoso cloud',14,14);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','globex',28,56);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','globex one',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','hooli stack',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','initech',21,49);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','initech pro',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','northwind suite',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','stark analytics',21,21);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','umbrella works',14,14);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-16','simulated','vandelay tools',14,14);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','acme',6,12);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','contoso cloud',6,6);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','globex',12,24);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','globex one',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','hooli stack',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','initech',9,21);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','initech pro',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','northwind suite',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','stark analytics',9,9);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','umbrella works',6,6);
INSERT INTO group_weekly_names VALUES(1,'topic 1','2026-11-23','simulated','vandelay tools',6,6);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-16','simulated','contoso cloud',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-16','simulated','globex',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-16','simulated','initech',7,28);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-16','simulated','initech pro',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-16','simulated','stark analytics',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-23','simulated','contoso cloud',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-23','simulated','globex',3,6);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-23','simulated','initech',3,12);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-23','simulated','initech pro',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location DE','2026-11-23','simulated','stark analytics',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-16','simulated','acme',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-16','simulated','contoso cloud',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-16','simulated','globex',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-16','simulated','hooli stack',0,0);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-16','simulated','initech',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-16','simulated','northwind suite',0,0);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-16','simulated','stark analytics',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-16','simulated','vandelay tools',0,0);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-23','simulated','acme',3,6);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-23','simulated','contoso cloud',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-23','simulated','globex',3,6);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-23','simulated','initech',3,6);
INSERT INTO group_weekly_names VALUES(1,'topic 1 location US','2026-11-23','simulated','stark analytics',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-16','simulated','acme',14,28);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-16','simulated','contoso cloud',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-16','simulated','globex',14,28);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-16','simulated','globex one',0,0);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-16','simulated','hooli stack',14,14);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-16','simulated','initech',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-16','simulated','northwind suite',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-16','simulated','umbrella works',0,0);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-16','simulated','vandelay tools',0,0);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-23','simulated','acme',6,12);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-23','simulated','contoso cloud',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-23','simulated','globex',6,12);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-23','simulated','hooli stack',6,6);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-23','simulated','initech',3,6);
INSERT INTO group_weekly_names VALUES(1,'topic 2','2026-11-23','simulated','northwind suite',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location DE','2026-11-16','simulated','acme',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location DE','2026-11-16','simulated','globex',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location DE','2026-11-16','simulated','hooli stack',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location DE','2026-11-16','simulated','northwind suite',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location DE','2026-11-23','simulated','acme',3,6);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location DE','2026-11-23','simulated','globex',3,6);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location DE','2026-11-23','simulated','hooli stack',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location DE','2026-11-23','simulated','northwind suite',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-16','simulated','acme',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-16','simulated','contoso cloud',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-16','simulated','globex',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-16','simulated','hooli stack',7,7);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-16','simulated','initech',7,14);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-23','simulated','acme',3,6);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-23','simulated','contoso cloud',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-23','simulated','globex',3,6);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-23','simulated','hooli stack',3,3);
INSERT INTO group_weekly_names VALUES(1,'topic 2 location US','2026-11-23','simulated','initech',3,6);

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

-- Table  location_daily_brands
DROP TABLE IF EXISTS location_daily_brands;
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
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-16','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-16','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-16','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-17','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-17','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-17','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-18','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-18','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-18','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-19','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-19','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-19','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-20','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-20','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-20','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-21','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-21','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-21','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-22','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-22','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-22','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-23','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-23','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-23','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-24','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-24','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-24','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-25','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-25','simulated',2,2,3,2,-0.1763,2,0,0,2);
INSERT INTO location_daily_brands VALUES(1,'DE','2026-11-25','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-16','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-16','simulated',2,2,3,2,0.5265000000000001,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-16','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-17','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-17','simulated',2,2,3,2,0.5265000000000001,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-17','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-18','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-18','simulated',2,2,3,2,0.5265000000000001,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-18','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-19','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-19','simulated',2,2,3,2,0.5265000000000001,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-19','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-20','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-20','simulated',2,2,3,2,0.5265000000000001,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-20','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-21','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-21','simulated',2,2,3,2,0.5265000000000001,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-21','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-22','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-22','simulated',2,2,3,2,0.5265000000000001,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-22','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-23','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-23','simulated',2,2,3,2,0.5265,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-23','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-24','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-24','simulated',2,2,3,2,0.5265,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-24','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-25','simulated',1,2,3,2,0.2107,2,1,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-25','simulated',2,2,3,2,0.5265,2,2,0,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-25','simulated',3,2,6,2,0.13030000000000003,2,1,0,1);

-- Table  location_daily_chats
DROP TABLE IF EXISTS location_daily_chats;
CREATE TABLE location_daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    location     TEXT NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, location, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-16','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-17','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-18','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-19','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-20','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-21','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-22','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-23','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-24','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'DE','2026-11-25','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-16','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-17','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-18','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-19','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-20','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-21','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-22','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-23','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-24','simulated',2);
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-25','simulated',2);

-- Table  location_daily_domains
DROP TABLE IF EXISTS location_daily_domains;
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
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','acme.com',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','capterra.com',0,0,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','g2.com',0,0,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','globex.com',2,2,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','initech.com',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','initech.example',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','northwind.example',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','reddit.com',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','stark.example',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-16','simulated','wikipedia.org',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','acme.com',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','capterra.com',0,0,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','g2.com',0,0,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','globex.com',2,2,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','initech.com',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','initech.example',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','northwind.example',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','reddit.com',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','stark.example',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-17','simulated','wikipedia.org',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','acme.com',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','capterra.com',0,0,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','g2.com',0,0,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','globex.com',2,2,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','initech.com',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','initech.example',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','northwind.example',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','reddit.com',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','stark.example',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-18','simulated','wikipedia.org',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','acme.com',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','capterra.com',0,0,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','g2.com',0,0,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','globex.com',2,2,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','initech.com',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','initech.example',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','northwind.example',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','reddit.com',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','stark.example',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-19','simulated','wikipedia.org',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','acme.com',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','capterra.com',0,0,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','g2.com',0,0,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','globex.com',2,2,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','initech.com',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','initech.example',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','northwind.example',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','reddit.com',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','stark.example',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-20','simulated','wikipedia.org',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','acme.com',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','capterra.com',0,0,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','g2.com',0,0,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','globex.com',2,2,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','initech.com',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','initech.example',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','northwind.example',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','reddit.com',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','stark.example',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-21','simulated','wikipedia.org',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','acme.com',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','capterra.com',0,0,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','g2.com',0,0,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','globex.com',2,2,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','initech.com',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','initech.example',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','northwind.example',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','reddit.com',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','stark.example',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-22','simulated','wikipedia.org',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','acme.com',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','capterra.com',0,0,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','g2.com',0,0,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','globex.com',2,2,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','initech.com',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','initech.example',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','northwind.example',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','reddit.com',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','stark.example',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-23','simulated','wikipedia.org',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','acme.com',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','capterra.com',0,0,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','g2.com',0,0,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','globex.com',2,2,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','initech.com',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','initech.example',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','northwind.example',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','reddit.com',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','stark.example',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-24','simulated','wikipedia.org',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','acme.com',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','capterra.com',0,0,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','g2.com',0,0,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','globex.com',2,2,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','initech.com',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','initech.example',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','northwind.example',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','reddit.com',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','stark.example',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'DE','2026-11-25','simulated','wikipedia.org',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','acme.com',2,2,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','algolia.com',1,1,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','capterra.com',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','contoso.example',2,2,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','g2.com',0,0,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','globex.com',2,2,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','initech.com',2,2,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','northwind.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','reddit.com',1,1,2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','stark.example',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','vandelay.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-16','simulated','wikipedia.org',1,1,1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','acme.com',2,2,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','algolia.com',1,1,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','capterra.com',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','contoso.example',2,2,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','g2.com',0,0,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','globex.com',2,2,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','initech.com',2,2,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','northwind.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','reddit.com',1,1,2,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','stark.example',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','vandelay.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-17','simulated','wikipedia.org',1,1,1,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','acme.com',2,2,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','algolia.com',1,1,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','capterra.com',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','contoso.example',2,2,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','g2.com',0,0,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','globex.com',2,2,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','initech.com',2,2,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','northwind.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','reddit.com',1,1,2,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','stark.example',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','vandelay.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-18','simulated','wikipedia.org',1,1,1,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','acme.com',2,2,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','algolia.com',1,1,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','capterra.com',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','contoso.example',2,2,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','g2.com',0,0,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','globex.com',2,2,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','initech.com',2,2,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','northwind.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','reddit.com',1,1,2,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','stark.example',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','vandelay.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-19','simulated','wikipedia.org',1,1,1,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','acme.com',2,2,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','algolia.com',1,1,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','capterra.com',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','contoso.example',2,2,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','g2.com',0,0,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','globex.com',2,2,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','initech.com',2,2,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','northwind.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','reddit.com',1,1,2,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','stark.example',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','vandelay.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-20','simulated','wikipedia.org',1,1,1,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','acme.com',2,2,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','algolia.com',1,1,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','capterra.com',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','contoso.example',2,2,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','g2.com',0,0,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','globex.com',2,2,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','initech.com',2,2,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','northwind.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','reddit.com',1,1,2,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','stark.example',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','vandelay.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-21','simulated','wikipedia.org',1,1,1,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','acme.com',2,2,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','algolia.com',1,1,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','capterra.com',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','contoso.example',2,2,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','g2.com',0,0,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','globex.com',2,2,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','initech.com',2,2,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','northwind.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','reddit.com',1,1,2,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','stark.example',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','vandelay.example',0,0,0,NULL,NULL);
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-22','simulated','wikipedia.org',1,1,1,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','acme.com',2,2,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','algolia.com',1,1,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','capterra.com',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','contoso.example',2,2,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','g2.com',0,0,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','globex.com',2,2,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','initech.com',2,2,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','reddit.com',1,1,2,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','stark.example',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','wikipedia.org',1,1,1,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','acme.com',2,2,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','algolia.com',1,1,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','capterra.com',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','contoso.example',2,2,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','g2.com',0,0,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','globex.com',2,2,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','initech.com',2,2,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','reddit.com',1,1,2,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','stark.example',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-24','simulated','wikipedia.org',1,1,1,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','acme.com',2,2,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','algolia.com',1,1,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','capterra.com',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','contoso.example',2,2,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','g2.com',0,0,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','globex.com',2,2,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','initech.com',2,2,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','reddit.com',1,1,2,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','stark.example',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-25','simulated','wikipedia.org',1,1,1,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');

-- Table  location_weekly_brands
DROP TABLE IF EXISTS location_weekly_brands;
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
INSERT INTO location_weekly_brands VALUES(1,'DE','2026-11-16','simulated',2,1,7,7,7,1.4749000000000003,7,7,0,0);
INSERT INTO location_weekly_brands VALUES(1,'DE','2026-11-16','simulated',2,2,7,14,7,-0.875,7,0,0,7);
INSERT INTO location_weekly_brands VALUES(1,'DE','2026-11-16','simulated',5,2,7,7,7,-0.35910000000000003,7,0,0,7);
INSERT INTO location_weekly_brands VALUES(1,'DE','2026-11-16','simulated',5,3,7,14,7,1.5092,7,7,0,0);
INSERT INTO location_weekly_brands VALUES(1,'DE','2026-11-23','simulated',2,1,3,3,3,0.6321,3,3,0,0);
INSERT INTO location_weekly_brands VALUES(1,'DE','2026-11-23','simulated',2,2,3,6,3,-0.375,3,0,0,3);
INSERT INTO location_weekly_brands VALUES(1,'DE','2026-11-23','simulated',5,2,3,3,3,-0.15389999999999998,3,0,0,3);
INSERT INTO location_weekly_brands VALUES(1,'DE','2026-11-23','simulated',5,3,3,6,3,0.6468,3,3,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-16','simulated',1,1,7,14,7,1.4749000000000003,7,7,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-16','simulated',1,2,7,7,7,1.8983999999999996,7,7,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-16','simulated',1,3,7,21,7,-0.875,7,0,0,7);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-16','simulated',4,1,7,7,7,0.0,7,0,7,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-16','simulated',4,2,7,14,7,1.7871000000000004,7,7,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-16','simulated',4,3,7,21,7,1.7871000000000004,7,7,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-16','simulated',7,1,0,0,0,0.0,0,0,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-16','simulated',7,2,0,0,0,-6.661338147750939e-16,0,0,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-16','simulated',7,3,0,0,0,1.1102230246251565e-16,0,0,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-23','simulated',1,1,3,6,3,0.6321,3,3,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-23','simulated',1,2,3,3,3,0.8136,3,3,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-23','simulated',1,3,3,9,3,-0.375,3,0,0,3);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-23','simulated',4,1,3,3,3,0.0,3,0,3,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-23','simulated',4,2,3,6,3,0.7659,3,3,0,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-23','simulated',4,3,3,9,3,0.7659,3,3,0,0);

-- Table  location_weekly_prompts
DROP TABLE IF EXISTS location_weekly_prompts;
CREATE TABLE location_weekly_prompts (
    workspace_id     INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    location         TEXT NOT NULL,
    day              TEXT NOT NULL,
    engine           TEXT NOT NULL,
    prompt_id        INTEGER NOT NULL,
    chats            INTEGER NOT NULL,
    own_chats        INTEGER NOT NULL,
    competitor_chats INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, location, day, engine, prompt_id)
) STRICT, WITHOUT ROWID;
INSERT INTO location_weekly_prompts VALUES(1,'DE','2026-11-16','simulated',2,7,7,7);
INSERT INTO location_weekly_prompts VALUES(1,'DE','2026-11-16','simulated',5,7,0,7);
INSERT INTO location_weekly_prompts VALUES(1,'DE','2026-11-23','simulated',2,3,3,3);
INSERT INTO location_weekly_prompts VALUES(1,'DE','2026-11-23','simulated',5,3,0,3);
INSERT INTO location_weekly_prompts VALUES(1,'US','2026-11-16','simulated',1,7,7,7);
INSERT INTO location_weekly_prompts VALUES(1,'US','2026-11-16','simulated',4,7,7,7);
INSERT INTO location_weekly_prompts VALUES(1,'US','2026-11-16','simulated',7,0,0,0);
INSERT INTO location_weekly_prompts VALUES(1,'US','2026-11-23','simulated',1,3,3,3);
INSERT INTO location_weekly_prompts VALUES(1,'US','2026-11-23','simulated',4,3,3,3);

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
INSERT INTO organizations VALUES(1,'Acme','self-hosted','active',1,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
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
INSERT INTO prompt_counts VALUES(1,'active',6);

-- Table  prompt_daily_brands
DROP TABLE IF EXISTS prompt_daily_brands;
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
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-16','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-16','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-16','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-17','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-17','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-17','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-18','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-18','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-18','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-19','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-19','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-19','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-20','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-20','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-20','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-21','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-21','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-21','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-22','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-22','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-22','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-23','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-23','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-23','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-24','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-24','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-24','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-25','simulated',1,1,2,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-25','simulated',2,1,1,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-25','simulated',3,1,3,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-16','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-16','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-17','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-17','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-18','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-18','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-19','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-19','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-20','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-20','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-21','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-21','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-22','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-22','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-23','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-23','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-24','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-24','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-25','simulated',1,1,1,1,0.2107,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-25','simulated',2,1,2,1,-0.125,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-16','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-17','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-18','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-19','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-20','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-21','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-22','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-23','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-24','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-25','simulated',2,1,1,0,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-16','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-16','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-16','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-17','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-17','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-17','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-18','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-18','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-18','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-19','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-19','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-19','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-20','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-20','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-20','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-21','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-21','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-21','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-22','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-22','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-22','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-23','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-23','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-23','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-24','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-24','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-24','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-25','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-25','simulated',2,1,2,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-25','simulated',3,1,3,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-16','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-16','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-17','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-17','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-18','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-18','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-19','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-19','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-20','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-20','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-21','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-21','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-22','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-22','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-23','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-23','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-24','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-24','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-25','simulated',2,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-25','simulated',3,1,2,1,0.2156,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-16','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-16','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-16','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-17','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-17','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-17','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-18','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-18','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-18','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-19','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-19','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-19','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-20','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-20','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-20','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-21','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-21','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-21','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-22','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-22','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-22','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-23','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-23','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-23','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-24','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-24','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-24','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-25','simulated',1,1,3,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-25','simulated',2,1,1,1,0.2875,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-25','simulated',3,1,2,0,0.765,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-16','simulated',1,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-16','simulated',2,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-16','simulated',3,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-17','simulated',1,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-17','simulated',2,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-17','simulated',3,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-18','simulated',1,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-18','simulated',2,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-18','simulated',3,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-19','simulated',1,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-19','simulated',2,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-19','simulated',3,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-20','simulated',1,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-20','simulated',2,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-20','simulated',3,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-21','simulated',1,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-21','simulated',2,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-21','simulated',3,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-22','simulated',1,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-22','simulated',2,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-22','simulated',3,0,0,0,0.0,0,0,0,0);

-- Table  prompt_daily_chats
DROP TABLE IF EXISTS prompt_daily_chats;
CREATE TABLE prompt_daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    own_chats    INTEGER NOT NULL DEFAULT 0,  -- chats naming an own brand
    competitor_chats INTEGER NOT NULL DEFAULT 0,  -- and a competitor
    PRIMARY KEY (workspace_id, prompt_id, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-16','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-17','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-18','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-19','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-20','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-21','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-22','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-23','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-24','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-25','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-16','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-17','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-18','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-19','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-20','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-21','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-22','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-23','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-24','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-25','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-16','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-17','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-18','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-19','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-20','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-21','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-22','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-23','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-24','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-25','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-16','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-17','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-18','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-19','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-20','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-21','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-22','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-23','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-24','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-25','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-16','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-17','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-18','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-19','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-20','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-21','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-22','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-23','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-24','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-25','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-16','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-17','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-18','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-19','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-20','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-21','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-22','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-23','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-24','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-25','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,7,'2026-11-16','simulated',0,0,0);
INSERT INTO prompt_daily_chats VALUES(1,7,'2026-11-17','simulated',0,0,0);
INSERT INTO prompt_daily_chats VALUES(1,7,'2026-11-18','simulated',0,0,0);
INSERT INTO prompt_daily_chats VALUES(1,7,'2026-11-19','simulated',0,0,0);
INSERT INTO prompt_daily_chats VALUES(1,7,'2026-11-20','simulated',0,0,0);
INSERT INTO prompt_daily_chats VALUES(1,7,'2026-11-21','simulated',0,0,0);
INSERT INTO prompt_daily_chats VALUES(1,7,'2026-11-22','simulated',0,0,0);

-- Table  prompt_groups
DROP TABLE IF EXISTS prompt_groups;
CREATE TABLE prompt_groups (
    prompt_id INTEGER NOT NULL,
    group_key TEXT NOT NULL,
    PRIMARY KEY (prompt_id, group_key)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_groups VALUES(1,'tag 1');
INSERT INTO prompt_groups VALUES(1,'topic 1');
INSERT INTO prompt_groups VALUES(2,'tag 2');
INSERT INTO prompt_groups VALUES(2,'topic 2');
INSERT INTO prompt_groups VALUES(3,'tag 3');
INSERT INTO prompt_groups VALUES(3,'topic 1');
INSERT INTO prompt_groups VALUES(4,'tag 1');
INSERT INTO prompt_groups VALUES(4,'topic 2');
INSERT INTO prompt_groups VALUES(5,'tag 2');
INSERT INTO prompt_groups VALUES(5,'topic 1');
INSERT INTO prompt_groups VALUES(6,'tag 1');
INSERT INTO prompt_groups VALUES(6,'tag 3');
INSERT INTO prompt_groups VALUES(6,'topic 1');

-- Table  prompt_regroup
DROP TABLE IF EXISTS prompt_regroup;
CREATE TABLE prompt_regroup (
    prompt_id    INTEGER PRIMARY KEY,
    workspace_id INTEGER NOT NULL
) STRICT;
-- Triggers and indices on  prompt_regroup
CREATE TRIGGER prompt_regroup_at_once AFTER INSERT ON prompt_regroup
WHEN NOT EXISTS (SELECT 1 FROM chats WHERE prompt_id = new.prompt_id) BEGIN
    DELETE FROM prompt_groups WHERE prompt_id = new.prompt_id;
    INSERT INTO prompt_groups (prompt_id, group_key)
    SELECT prompt_id, group_key FROM prompt_group_keys WHERE prompt_id = new.prompt_id;
    DELETE FROM prompt_regroup WHERE prompt_id = new.prompt_id;
END;
CREATE INDEX prompt_regroup_workspace ON prompt_regroup (workspace_id);

-- Table  prompt_tags
DROP TABLE IF EXISTS prompt_tags;
CREATE TABLE prompt_tags (
    prompt_id INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    tag_id    INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (prompt_id, tag_id)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_tags VALUES(1,1);
INSERT INTO prompt_tags VALUES(4,1);
INSERT INTO prompt_tags VALUES(6,1);
INSERT INTO prompt_tags VALUES(2,2);
INSERT INTO prompt_tags VALUES(5,2);
INSERT INTO prompt_tags VALUES(3,3);
INSERT INTO prompt_tags VALUES(6,3);
-- Triggers and indices on  prompt_tags
CREATE TRIGGER prompt_tags_count_delete AFTER DELETE ON prompt_tags BEGIN
    UPDATE tags SET prompt_count = prompt_count - 1 WHERE id = old.tag_id;
END;
CREATE TRIGGER prompt_tags_count_insert AFTER INSERT ON prompt_tags BEGIN
    UPDATE tags SET prompt_count = prompt_count + 1 WHERE id = new.tag_id;
END;
CREATE TRIGGER prompt_tags_group_delete AFTER DELETE ON prompt_tags BEGIN
    INSERT INTO prompt_regroup (prompt_id, workspace_id)
    SELECT id, workspace_id FROM prompts WHERE id = old.prompt_id
    AND NOT EXISTS (SELECT 1 FROM prompt_regroup WHERE prompt_id = old.prompt_id);
END;
CREATE TRIGGER prompt_tags_group_insert AFTER INSERT ON prompt_tags BEGIN
    INSERT INTO prompt_regroup (prompt_id, workspace_id)
    SELECT id, workspace_id FROM prompts WHERE id = new.prompt_id
    AND NOT EXISTS (SELECT 1 FROM prompt_regroup WHERE prompt_id = new.prompt_id);
END;
CREATE INDEX prompt_tags_tag ON prompt_tags (tag_id, prompt_id);

-- Table  prompt_weekly_brands
DROP TABLE IF EXISTS prompt_weekly_brands;
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
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-16','simulated',1,7,14,7,1.4749000000000003,7,7,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-16','simulated',2,7,7,7,1.8983999999999996,7,7,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-16','simulated',3,7,21,7,-0.875,7,0,0,7);
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-23','simulated',1,3,6,3,0.6321,3,3,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-23','simulated',2,3,3,3,0.8136,3,3,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-23','simulated',3,3,9,3,-0.375,3,0,0,3);
INSERT INTO prompt_weekly_brands VALUES(1,2,'2026-11-16','simulated',1,7,7,7,1.4749000000000003,7,7,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,2,'2026-11-16','simulated',2,7,14,7,-0.875,7,0,0,7);
INSERT INTO prompt_weekly_brands VALUES(1,2,'2026-11-23','simulated',1,3,3,3,0.6321,3,3,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,2,'2026-11-23','simulated',2,3,6,3,-0.375,3,0,0,3);
INSERT INTO prompt_weekly_brands VALUES(1,3,'2026-11-16','simulated',2,7,7,0,0.0,7,0,7,0);
INSERT INTO prompt_weekly_brands VALUES(1,3,'2026-11-23','simulated',2,3,3,0,0.0,3,0,3,0);
INSERT INTO prompt_weekly_brands VALUES(1,4,'2026-11-16','simulated',1,7,7,7,0.0,7,0,7,0);
INSERT INTO prompt_weekly_brands VALUES(1,4,'2026-11-16','simulated',2,7,14,7,1.7871000000000004,7,7,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,4,'2026-11-16','simulated',3,7,21,7,1.7871000000000004,7,7,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,4,'2026-11-23','simulated',1,3,3,3,0.0,3,0,3,0);
INSERT INTO prompt_weekly_brands VALUES(1,4,'2026-11-23','simulated',2,3,6,3,0.7659,3,3,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,4,'2026-11-23','simulated',3,3,9,3,0.7659,3,3,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,5,'2026-11-16','simulated',2,7,7,7,-0.35910000000000003,7,0,0,7);
INSERT INTO prompt_weekly_brands VALUES(1,5,'2026-11-16','simulated',3,7,14,7,1.5092,7,7,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,5,'2026-11-23','simulated',2,3,3,3,-0.15389999999999998,3,0,0,3);
INSERT INTO prompt_weekly_brands VALUES(1,5,'2026-11-23','simulated',3,3,6,3,0.6468,3,3,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,6,'2026-11-16','simulated',1,7,21,7,0.0,7,0,7,0);
INSERT INTO prompt_weekly_brands VALUES(1,6,'2026-11-16','simulated',2,7,7,7,2.0125,7,7,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,6,'2026-11-16','simulated',3,7,14,0,5.3549999999999995,7,7,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,6,'2026-11-23','simulated',1,3,9,3,0.0,3,0,3,0);
INSERT INTO prompt_weekly_brands VALUES(1,6,'2026-11-23','simulated',2,3,3,3,0.8624999999999999,3,3,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,6,'2026-11-23','simulated',3,3,6,0,2.295,3,3,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,7,'2026-11-16','simulated',1,0,0,0,0.0,0,0,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,7,'2026-11-16','simulated',2,0,0,0,-6.661338147750939e-16,0,0,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,7,'2026-11-16','simulated',3,0,0,0,1.1102230246251565e-16,0,0,0,0);

-- Table  prompt_weekly_chats
DROP TABLE IF EXISTS prompt_weekly_chats;
CREATE TABLE prompt_weekly_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    own_chats    INTEGER NOT NULL DEFAULT 0,  -- chats naming an own brand
    competitor_chats INTEGER NOT NULL DEFAULT 0,  -- and a competitor
    PRIMARY KEY (workspace_id, prompt_id, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_weekly_chats VALUES(1,1,'2026-11-16','simulated',7,7,7);
INSERT INTO prompt_weekly_chats VALUES(1,1,'2026-11-23','simulated',3,3,3);
INSERT INTO prompt_weekly_chats VALUES(1,2,'2026-11-16','simulated',7,7,7);
INSERT INTO prompt_weekly_chats VALUES(1,2,'2026-11-23','simulated',3,3,3);
INSERT INTO prompt_weekly_chats VALUES(1,3,'2026-11-16','simulated',7,0,7);
INSERT INTO prompt_weekly_chats VALUES(1,3,'2026-11-23','simulated',3,0,3);
INSERT INTO prompt_weekly_chats VALUES(1,4,'2026-11-16','simulated',7,7,7);
INSERT INTO prompt_weekly_chats VALUES(1,4,'2026-11-23','simulated',3,3,3);
INSERT INTO prompt_weekly_chats VALUES(1,5,'2026-11-16','simulated',7,0,7);
INSERT INTO prompt_weekly_chats VALUES(1,5,'2026-11-23','simulated',3,0,3);
INSERT INTO prompt_weekly_chats VALUES(1,6,'2026-11-16','simulated',7,7,7);
INSERT INTO prompt_weekly_chats VALUES(1,6,'2026-11-23','simulated',3,3,3);
INSERT INTO prompt_weekly_chats VALUES(1,7,'2026-11-16','simulated',0,0,0);

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
INSERT INTO prompts VALUES(1,1,'best crm 0','active','US',1,'best crm 0us','2026-11-25T08:00:00.000Z','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO prompts VALUES(2,1,'best crm 1','active','DE',2,'best crm 1de','2026-11-25T08:00:00.000Z','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO prompts VALUES(3,1,'best crm 2','active',NULL,1,'best crm 2','2026-11-25T08:00:00.000Z','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO prompts VALUES(4,1,'best crm 3','active','US',2,'best crm 3us','2026-11-25T08:00:00.000Z','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO prompts VALUES(5,1,'best crm 4','active','DE',1,'best crm 4de','2026-11-25T08:00:00.000Z','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO prompts VALUES(6,1,'best crm 5','active',NULL,1,'best crm 5','2026-11-25T08:00:00.000Z','2026-11-16T08:00:00.000Z','2026-11-20T08:00:00.000Z');
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
CREATE TRIGGER prompts_group_delete AFTER DELETE ON prompts BEGIN
    DELETE FROM prompt_groups WHERE prompt_id = old.id;
    DELETE FROM prompt_regroup WHERE prompt_id = old.id;
END;
CREATE TRIGGER prompts_group_insert AFTER INSERT ON prompts BEGIN
    INSERT INTO prompt_regroup (prompt_id, workspace_id) VALUES (new.id, new.workspace_id);
END;
CREATE TRIGGER prompts_group_update AFTER UPDATE OF topic_id ON prompts
WHEN new.topic_id IS NOT old.topic_id BEGIN
    INSERT INTO prompt_regroup (prompt_id, workspace_id) SELECT new.id, new.workspace_id
    WHERE NOT EXISTS (SELECT 1 FROM prompt_regroup WHERE prompt_id = new.id);
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
INSERT INTO prompts_fts_data VALUES(1,X'0630');
INSERT INTO prompts_fts_data VALUES(10,X'000000000109090009010101020101030101040101050101060101070101080101090101');
INSERT INTO prompts_fts_data VALUES(137438953473,X'0000004404302063720102060103626573010202010363726D010207010365737401020301036D20300102090103726D20010208010373742001020401037420630102050408080808080808');
INSERT INTO prompts_fts_data VALUES(274877906945,X'0000004404302063720202060103626573020202010363726D020207010365737402020301036D20310202090103726D20020208010373742002020401037420630202050408080808080808');
INSERT INTO prompts_fts_data VALUES(412316860417,X'0000004404302063720302060103626573030202010363726D030207010365737403020301036D20320302090103726D20030208010373742003020401037420630302050408080808080808');
INSERT INTO prompts_fts_data VALUES(549755813889,X'0000004404302063720402060103626573040202010363726D040207010365737404020301036D20330402090103726D20040208010373742004020401037420630402050408080808080808');
INSERT INTO prompts_fts_data VALUES(687194767361,X'0000004404302063720502060103626573050202010363726D050207010365737405020301036D20340502090103726D20050208010373742005020401037420630502050408080808080808');
INSERT INTO prompts_fts_data VALUES(824633720833,X'0000004404302063720602060103626573060202010363726D060207010365737406020301036D20350602090103726D20060208010373742006020401037420630602050408080808080808');
INSERT INTO prompts_fts_data VALUES(962072674305,X'0000004404302063720702060103626573070202010363726D070207010365737407020301036D20360702090103726D20070208010373742007020401037420630702050408080808080808');
INSERT INTO prompts_fts_data VALUES(1099511627777,X'0000004404302063720603060103626573060302010363726D060307010365737406030301036D20350603090103726D20060308010373742006030401037420630603050408080808080808');
INSERT INTO prompts_fts_data VALUES(1236950581249,X'0000003C0430206372070101036265730701010363726D07010103657374070101036D203607010103726D20070101037374200701010374206307010407070707070707');

-- Table  prompts_fts_docsize
DROP TABLE IF EXISTS prompts_fts_docsize;
CREATE TABLE 'prompts_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
INSERT INTO prompts_fts_docsize VALUES(1,X'08');
INSERT INTO prompts_fts_docsize VALUES(2,X'08');
INSERT INTO prompts_fts_docsize VALUES(3,X'08');
INSERT INTO prompts_fts_docsize VALUES(4,X'08');
INSERT INTO prompts_fts_docsize VALUES(5,X'08');
INSERT INTO prompts_fts_docsize VALUES(6,X'08');

-- Table  prompts_fts_idx
DROP TABLE IF EXISTS prompts_fts_idx;
CREATE TABLE 'prompts_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
INSERT INTO prompts_fts_idx VALUES(1,X'',2);
INSERT INTO prompts_fts_idx VALUES(2,X'',2);
INSERT INTO prompts_fts_idx VALUES(3,X'',2);
INSERT INTO prompts_fts_idx VALUES(4,X'',2);
INSERT INTO prompts_fts_idx VALUES(5,X'',2);
INSERT INTO prompts_fts_idx VALUES(6,X'',2);
INSERT INTO prompts_fts_idx VALUES(7,X'',2);
INSERT INTO prompts_fts_idx VALUES(8,X'',2);
INSERT INTO prompts_fts_idx VALUES(9,X'',2);

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
INSERT INTO runs VALUES(1,1,1,'done','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO runs VALUES(2,1,2,'done','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO runs VALUES(3,1,3,'done','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO runs VALUES(4,1,4,'done','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO runs VALUES(5,1,5,'done','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO runs VALUES(6,1,6,'done','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
INSERT INTO runs VALUES(8,1,1,'done','2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO runs VALUES(9,1,2,'done','2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO runs VALUES(10,1,3,'done','2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO runs VALUES(11,1,4,'done','2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO runs VALUES(12,1,5,'done','2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO runs VALUES(13,1,6,'done','2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-17T08:00:00.000Z','2026-11-17T08:00:00.000Z');
INSERT INTO runs VALUES(15,1,1,'done','2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO runs VALUES(16,1,2,'done','2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO runs VALUES(17,1,3,'done','2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO runs VALUES(18,1,4,'done','2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO runs VALUES(19,1,5,'done','2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO runs VALUES(20,1,6,'done','2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-18T08:00:00.000Z','2026-11-18T08:00:00.000Z');
INSERT INTO runs VALUES(22,1,1,'done','2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO runs VALUES(23,1,2,'done','2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO runs VALUES(24,1,3,'done','2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO runs VALUES(25,1,4,'done','2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO runs VALUES(26,1,5,'done','2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO runs VALUES(27,1,6,'done','2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-19T08:00:00.000Z','2026-11-19T08:00:00.000Z');
INSERT INTO runs VALUES(29,1,1,'done','2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO runs VALUES(30,1,2,'done','2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO runs VALUES(31,1,3,'done','2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO runs VALUES(32,1,4,'done','2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO runs VALUES(33,1,5,'done','2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO runs VALUES(34,1,6,'done','2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-20T08:00:00.000Z','2026-11-20T08:00:00.000Z');
INSERT INTO runs VALUES(36,1,1,'done','2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO runs VALUES(37,1,2,'done','2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO runs VALUES(38,1,3,'done','2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO runs VALUES(39,1,4,'done','2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO runs VALUES(40,1,5,'done','2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO runs VALUES(41,1,6,'done','2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-21T08:00:00.000Z','2026-11-21T08:00:00.000Z');
INSERT INTO runs VALUES(43,1,1,'done','2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO runs VALUES(44,1,2,'done','2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO runs VALUES(45,1,3,'done','2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO runs VALUES(46,1,4,'done','2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO runs VALUES(47,1,5,'done','2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO runs VALUES(48,1,6,'done','2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-22T08:00:00.000Z','2026-11-22T08:00:00.000Z');
INSERT INTO runs VALUES(50,1,1,'done','2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO runs VALUES(51,1,2,'done','2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO runs VALUES(52,1,3,'done','2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO runs VALUES(53,1,4,'done','2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO runs VALUES(54,1,5,'done','2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO runs VALUES(55,1,6,'done','2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-23T08:00:00.000Z','2026-11-23T08:00:00.000Z');
INSERT INTO runs VALUES(56,1,1,'done','2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO runs VALUES(57,1,2,'done','2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO runs VALUES(58,1,3,'done','2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO runs VALUES(59,1,4,'done','2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO runs VALUES(60,1,5,'done','2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO runs VALUES(61,1,6,'done','2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-24T08:00:00.000Z','2026-11-24T08:00:00.000Z');
INSERT INTO runs VALUES(62,1,1,'done','2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO runs VALUES(63,1,2,'done','2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO runs VALUES(64,1,3,'done','2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO runs VALUES(65,1,4,'done','2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO runs VALUES(66,1,5,'done','2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
INSERT INTO runs VALUES(67,1,6,'done','2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z',1,NULL,NULL,NULL,'2026-11-25T08:00:00.000Z','2026-11-25T08:00:00.000Z');
-- Triggers and indices on  runs
CREATE INDEX runs_claimable ON runs (state, not_before) WHERE state IN ('queued', 'running');
CREATE INDEX runs_prompt_state ON runs (prompt_id, state);
CREATE INDEX runs_workspace ON runs (workspace_id, prompt_id);

-- Table  source_categories
DROP TABLE IF EXISTS source_categories;
CREATE TABLE source_categories (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    domain       TEXT NOT NULL,
    category     TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (workspace_id, domain)
) STRICT, WITHOUT ROWID;
INSERT INTO source_categories VALUES(1,'g2.com','editorial','2026-11-16T08:00:00.000Z');

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
INSERT INTO tags VALUES(1,1,'t0','t0','gray',3,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',X'CC7F2769641331476E616D6527743057636F6C6F72476772617987686578436F6C6F727723366237323830B7776F726B73706163654964133197637265617465644174C718323032362D31312D31365430383A30303A30302E3030305A97757064617465644174C718323032362D31312D31365430383A30303A30302E3030305A');
INSERT INTO tags VALUES(2,1,'t1','t1','gray',2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',X'CC7F2769641332476E616D6527743157636F6C6F72476772617987686578436F6C6F727723366237323830B7776F726B73706163654964133197637265617465644174C718323032362D31312D31365430383A30303A30302E3030305A97757064617465644174C718323032362D31312D31365430383A30303A30302E3030305A');
INSERT INTO tags VALUES(3,1,'t2','t2','gray',2,'2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',X'CC7F2769641333476E616D6527743257636F6C6F72476772617987686578436F6C6F727723366237323830B7776F726B73706163654964133197637265617465644174C718323032362D31312D31365430383A30303A30302E3030305A97757064617465644174C718323032362D31312D31365430383A30303A30302E3030305A');
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
INSERT INTO topics VALUES(1,1,'Sales','sales','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',X'CC662769641331476E616D655753616C6573B7776F726B73706163654964133197637265617465644174C718323032362D31312D31365430383A30303A30302E3030305A97757064617465644174C718323032362D31312D31365430383A30303A30302E3030305A');
INSERT INTO topics VALUES(2,1,'CRM','crm','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z',X'CC642769641332476E616D653743524DB7776F726B73706163654964133197637265617465644174C718323032362D31312D31365430383A30303A30302E3030305A97757064617465644174C718323032362D31312D31365430383A30303A30302E3030305A');
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

-- Table  webhook_deliveries
DROP TABLE IF EXISTS webhook_deliveries;
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
-- Triggers and indices on  webhook_deliveries
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, id);

-- Table  webhooks
DROP TABLE IF EXISTS webhooks;
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
-- Triggers and indices on  webhooks
CREATE INDEX webhooks_workspace ON webhooks (workspace_id);

-- Table  workspace_engines
DROP TABLE IF EXISTS workspace_engines;
CREATE TABLE workspace_engines (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    engine       TEXT NOT NULL,
    enabled      INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (workspace_id, engine)
) STRICT, WITHOUT ROWID;

-- Table  workspaces
DROP TABLE IF EXISTS workspaces;
CREATE TABLE workspaces (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    organization_id INTEGER NOT NULL REFERENCES organizations (id),
    name            TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
) STRICT;
INSERT INTO workspaces VALUES(1,1,'Acme','2026-11-16T08:00:00.000Z','2026-11-16T08:00:00.000Z');
-- Triggers and indices on  workspaces
CREATE TRIGGER workspaces_auth_delete AFTER DELETE ON workspaces BEGIN
    UPDATE auth_version SET version = version + 1;
END;
CREATE TRIGGER workspaces_auth_update AFTER UPDATE ON workspaces BEGIN
    UPDATE auth_version SET version = version + 1;
END;
CREATE INDEX workspaces_organization ON workspaces (organization_id);

-- Views
DROP VIEW IF EXISTS prompt_group_keys;
CREATE VIEW prompt_group_keys AS
    SELECT id AS prompt_id, 'topic ' || topic_id AS group_key FROM prompts
    WHERE topic_id IS NOT NULL
    UNION ALL
    SELECT prompt_id, 'tag ' || tag_id FROM prompt_tags;
DROP VIEW IF EXISTS chat_groups;
CREATE VIEW chat_groups AS
    SELECT c.id AS chat_id, g.group_key FROM chats c JOIN prompt_groups g ON g.prompt_id = c.prompt_id
    UNION ALL
    SELECT id, 'location ' || location FROM chats WHERE location IS NOT NULL
    UNION ALL
    SELECT c.id, g.group_key || ' location ' || c.location FROM chats c
    JOIN prompt_groups g ON g.prompt_id = c.prompt_id WHERE c.location IS NOT NULL
    UNION ALL
    SELECT id, 'all' FROM chats;

-- For primary key autoincrements the next id to use is stored in
-- sqlite_sequence
DELETE FROM main.sqlite_sequence WHERE name='api_keys';
INSERT INTO main.sqlite_sequence VALUES ('api_keys', 1);
DELETE FROM main.sqlite_sequence WHERE name='brands';
INSERT INTO main.sqlite_sequence VALUES ('brands', 3);
DELETE FROM main.sqlite_sequence WHERE name='chats';
INSERT INTO main.sqlite_sequence VALUES ('chats', 67);
DELETE FROM main.sqlite_sequence WHERE name='organizations';
INSERT INTO main.sqlite_sequence VALUES ('organizations', 1);
DELETE FROM main.sqlite_sequence WHERE name='prompts';
INSERT INTO main.sqlite_sequence VALUES ('prompts', 7);
DELETE FROM main.sqlite_sequence WHERE name='runs';
INSERT INTO main.sqlite_sequence VALUES ('runs', 67);
DELETE FROM main.sqlite_sequence WHERE name='tags';
INSERT INTO main.sqlite_sequence VALUES ('tags', 3);
DELETE FROM main.sqlite_sequence WHERE name='topics';
INSERT INTO main.sqlite_sequence VALUES ('topics', 2);
DELETE FROM main.sqlite_sequence WHERE name='workspaces';
INSERT INTO main.sqlite_sequence VALUES ('workspaces', 1);

-- Database header
pragma user_version=11;

COMMIT TRANSACTION;

-- Restoring writable schema back to default
PRAGMA writable_schema=OFF;

-- We need to force SQLite to reread the schema because otherwise it doesn't
-- know that the virtual tables we inserted directly into sqlite_schema exist.
BEGIN;
CREATE TABLE no_such_table(x,y,z);
ROLLBACK;
