-- SQLite dump (by APSW 3.54.1.0)
-- SQLite version 3.54.1
-- Date: Mon Nov 23 07:08:27 2026
-- Tables like: (All)
-- Database: /tmp/v9code/v9.db
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
INSERT INTO api_keys VALUES(1,1,'default',X'79CEA9A924324B5CB9CC8776054490B0610D4A9FC0B8320ED0A9DAAD28580570','trk_SIDa','LDR1','read,write',60,NULL,NULL,'2026-11-23T05:47:28.171Z');
INSERT INTO api_keys VALUES(2,1,'default',X'8C8E5ADDFDB5B3D8ABB4719734CE59BA16EB4B79CFA12EF4B256B7764D8BC89F','trk_7Rhr','NWXg','read,write',60,NULL,NULL,'2026-11-23T07:08:27.503Z');
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
INSERT INTO brands VALUES(1,1,'Acme','acme','[]',NULL,0,'["acme.example"]',NULL,NULL,NULL,'active','own','#6b7280',0.7857142857142857,'2026-11-23T07:08:27.616Z','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z');
INSERT INTO brands VALUES(2,1,'Globex One','globex one','[]',NULL,0,'["globex.example"]',NULL,NULL,NULL,'active','competitor','#6b7280',0.8571428571428571,'2026-11-23T07:08:27.616Z','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z');
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
INSERT INTO chat_brands VALUES(1,1,1,1,2,1,'simulated','2026-11-23T05:47:28.177Z','positive',0.4313);
INSERT INTO chat_brands VALUES(1,2,1,2,2,1,'simulated','2026-11-23T05:47:28.177Z','positive',0.5265);
INSERT INTO chat_brands VALUES(2,1,1,1,2,1,'simulated','2026-11-23T05:47:28.227Z','neutral',0.0);
INSERT INTO chat_brands VALUES(2,2,1,2,1,1,'simulated','2026-11-23T05:47:28.227Z','positive',0.4215);
INSERT INTO chat_brands VALUES(3,2,1,1,1,1,'simulated','2026-11-23T05:47:28.231Z','positive',0.5106);
INSERT INTO chat_brands VALUES(4,1,1,2,1,0,'simulated','2026-11-23T05:47:28.234Z','negative',-0.1027);
INSERT INTO chat_brands VALUES(4,2,1,1,1,1,'simulated','2026-11-23T05:47:28.234Z','positive',0.5106);
INSERT INTO chat_brands VALUES(5,1,1,1,2,1,'simulated','2026-11-23T05:47:28.237Z','positive',0.2553);
INSERT INTO chat_brands VALUES(5,2,1,2,1,0,'simulated','2026-11-23T05:47:28.237Z','positive',0.8625);
INSERT INTO chat_brands VALUES(6,1,1,1,2,1,'simulated','2026-11-23T05:47:28.241Z','positive',0.2553);
INSERT INTO chat_brands VALUES(7,1,1,1,2,1,'simulated','2026-11-23T07:08:27.513Z','positive',0.2553);
INSERT INTO chat_brands VALUES(7,2,1,2,2,1,'simulated','2026-11-23T07:08:27.513Z','positive',0.3311);
INSERT INTO chat_brands VALUES(8,2,1,1,2,1,'other','2026-11-23T07:08:27.513Z','positive',0.2198);
INSERT INTO chat_brands VALUES(9,1,1,2,2,1,'simulated','2026-11-23T07:08:27.596Z','positive',0.2712);
INSERT INTO chat_brands VALUES(9,2,1,1,1,0,'simulated','2026-11-23T07:08:27.596Z','positive',0.4215);
INSERT INTO chat_brands VALUES(10,1,1,1,2,1,'other','2026-11-23T07:08:27.596Z','positive',0.4313);
INSERT INTO chat_brands VALUES(10,2,1,2,2,1,'other','2026-11-23T07:08:27.596Z','positive',0.1462);
INSERT INTO chat_brands VALUES(11,1,1,1,2,1,'simulated','2026-11-23T07:08:27.606Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(12,2,1,1,2,1,'other','2026-11-23T07:08:27.606Z','positive',0.2198);
INSERT INTO chat_brands VALUES(13,1,1,2,2,1,'simulated','2026-11-23T07:08:27.612Z','neutral',0.0);
INSERT INTO chat_brands VALUES(13,2,1,1,2,1,'simulated','2026-11-23T07:08:27.612Z','negative',-0.1027);
INSERT INTO chat_brands VALUES(14,1,1,2,2,1,'other','2026-11-23T07:08:27.612Z','negative',-0.0513);
INSERT INTO chat_brands VALUES(14,2,1,1,1,0,'other','2026-11-23T07:08:27.612Z','positive',0.8625);
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
INSERT INTO chat_names VALUES(1,1,1,'simulated','2026-11-23T05:47:28.177Z','Acme','acme',2);
INSERT INTO chat_names VALUES(2,1,1,'simulated','2026-11-23T05:47:28.177Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(3,1,1,'simulated','2026-11-23T05:47:28.177Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(4,1,1,'simulated','2026-11-23T05:47:28.177Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(5,1,1,'simulated','2026-11-23T05:47:28.177Z','Globex One','globex one',2);
INSERT INTO chat_names VALUES(6,2,1,'simulated','2026-11-23T05:47:28.227Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(7,2,1,'simulated','2026-11-23T05:47:28.227Z','Acme','acme',2);
INSERT INTO chat_names VALUES(8,2,1,'simulated','2026-11-23T05:47:28.227Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(9,2,1,'simulated','2026-11-23T05:47:28.227Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(10,3,1,'simulated','2026-11-23T05:47:28.231Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(11,3,1,'simulated','2026-11-23T05:47:28.231Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(12,3,1,'simulated','2026-11-23T05:47:28.231Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(13,4,1,'simulated','2026-11-23T05:47:28.234Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(14,4,1,'simulated','2026-11-23T05:47:28.234Z','Acme','acme',1);
INSERT INTO chat_names VALUES(15,4,1,'simulated','2026-11-23T05:47:28.234Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(16,4,1,'simulated','2026-11-23T05:47:28.234Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(17,4,1,'simulated','2026-11-23T05:47:28.234Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(18,4,1,'simulated','2026-11-23T05:47:28.234Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(19,5,1,'simulated','2026-11-23T05:47:28.237Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(20,5,1,'simulated','2026-11-23T05:47:28.237Z','Acme','acme',2);
INSERT INTO chat_names VALUES(21,5,1,'simulated','2026-11-23T05:47:28.237Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(22,5,1,'simulated','2026-11-23T05:47:28.237Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(23,5,1,'simulated','2026-11-23T05:47:28.237Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(24,6,1,'simulated','2026-11-23T05:47:28.241Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(25,6,1,'simulated','2026-11-23T05:47:28.241Z','Acme','acme',2);
INSERT INTO chat_names VALUES(26,6,1,'simulated','2026-11-23T05:47:28.241Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(27,7,1,'simulated','2026-11-23T07:08:27.513Z','Acme','acme',2);
INSERT INTO chat_names VALUES(28,7,1,'simulated','2026-11-23T07:08:27.513Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(29,7,1,'simulated','2026-11-23T07:08:27.513Z','Globex One','globex one',2);
INSERT INTO chat_names VALUES(30,7,1,'simulated','2026-11-23T07:08:27.513Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(31,7,1,'simulated','2026-11-23T07:08:27.513Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(32,8,1,'other','2026-11-23T07:08:27.513Z','Globex One','globex one',2);
INSERT INTO chat_names VALUES(33,8,1,'other','2026-11-23T07:08:27.513Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(34,8,1,'other','2026-11-23T07:08:27.513Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(35,8,1,'other','2026-11-23T07:08:27.513Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(36,9,1,'simulated','2026-11-23T07:08:27.596Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(37,9,1,'simulated','2026-11-23T07:08:27.596Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(38,9,1,'simulated','2026-11-23T07:08:27.596Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(39,9,1,'simulated','2026-11-23T07:08:27.596Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(40,9,1,'simulated','2026-11-23T07:08:27.596Z','Acme','acme',2);
INSERT INTO chat_names VALUES(41,9,1,'simulated','2026-11-23T07:08:27.596Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(42,10,1,'other','2026-11-23T07:08:27.596Z','Acme','acme',2);
INSERT INTO chat_names VALUES(43,10,1,'other','2026-11-23T07:08:27.596Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(44,10,1,'other','2026-11-23T07:08:27.596Z','Globex One','globex one',2);
INSERT INTO chat_names VALUES(45,10,1,'other','2026-11-23T07:08:27.596Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(46,11,1,'simulated','2026-11-23T07:08:27.606Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(47,11,1,'simulated','2026-11-23T07:08:27.606Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(48,11,1,'simulated','2026-11-23T07:08:27.606Z','Acme','acme',2);
INSERT INTO chat_names VALUES(49,12,1,'other','2026-11-23T07:08:27.606Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(50,12,1,'other','2026-11-23T07:08:27.606Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(51,12,1,'other','2026-11-23T07:08:27.606Z','Globex One','globex one',2);
INSERT INTO chat_names VALUES(52,13,1,'simulated','2026-11-23T07:08:27.612Z','Globex One','globex one',2);
INSERT INTO chat_names VALUES(53,13,1,'simulated','2026-11-23T07:08:27.612Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(54,13,1,'simulated','2026-11-23T07:08:27.612Z','Acme','acme',2);
INSERT INTO chat_names VALUES(55,13,1,'simulated','2026-11-23T07:08:27.612Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(56,14,1,'other','2026-11-23T07:08:27.612Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(57,14,1,'other','2026-11-23T07:08:27.612Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(58,14,1,'other','2026-11-23T07:08:27.612Z','Northwind Suite','northwind suite',1);
INSERT INTO chat_names VALUES(59,14,1,'other','2026-11-23T07:08:27.612Z','Acme','acme',2);
INSERT INTO chat_names VALUES(60,14,1,'other','2026-11-23T07:08:27.612Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(61,14,1,'other','2026-11-23T07:08:27.612Z','Vandelay Tools','vandelay tools',1);
-- Triggers and indices on  chat_names
CREATE INDEX chat_names_chat ON chat_names (chat_id);
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
INSERT INTO chat_searches VALUES(1,1,1,1,'simulated','2026-11-23T05:47:28.177Z','best crm for startups 0');
INSERT INTO chat_searches VALUES(2,1,1,1,'simulated','2026-11-23T05:47:28.177Z','best crm for startups 0 reviews in US');
INSERT INTO chat_searches VALUES(3,2,1,2,'simulated','2026-11-23T05:47:28.227Z','best crm for startups 1');
INSERT INTO chat_searches VALUES(4,2,1,2,'simulated','2026-11-23T05:47:28.227Z','best crm for startups 1 reviews in US');
INSERT INTO chat_searches VALUES(5,5,1,5,'simulated','2026-11-23T05:47:28.237Z','best crm for startups 4');
INSERT INTO chat_searches VALUES(6,5,1,5,'simulated','2026-11-23T05:47:28.237Z','best crm for startups 4 reviews in US');
INSERT INTO chat_searches VALUES(7,6,1,6,'simulated','2026-11-23T05:47:28.241Z','best crm for startups 5');
INSERT INTO chat_searches VALUES(8,6,1,6,'simulated','2026-11-23T05:47:28.241Z','best crm for startups 5 reviews in US');
INSERT INTO chat_searches VALUES(9,7,1,7,'simulated','2026-11-23T07:08:27.513Z','best crm for startups');
INSERT INTO chat_searches VALUES(10,7,1,7,'simulated','2026-11-23T07:08:27.513Z','best crm for startups reviews');
INSERT INTO chat_searches VALUES(11,10,1,8,'other','2026-11-23T07:08:27.596Z','crm with email');
INSERT INTO chat_searches VALUES(12,10,1,8,'other','2026-11-23T07:08:27.596Z','crm with email reviews');
INSERT INTO chat_searches VALUES(13,12,1,9,'other','2026-11-23T07:08:27.606Z','cheap crm');
INSERT INTO chat_searches VALUES(14,12,1,9,'other','2026-11-23T07:08:27.606Z','cheap crm reviews');
INSERT INTO chat_searches VALUES(15,13,1,10,'simulated','2026-11-23T07:08:27.612Z','crm reviews');
INSERT INTO chat_searches VALUES(16,13,1,10,'simulated','2026-11-23T07:08:27.612Z','crm reviews reviews');
INSERT INTO chat_searches VALUES(17,14,1,10,'other','2026-11-23T07:08:27.612Z','crm reviews');
INSERT INTO chat_searches VALUES(18,14,1,10,'other','2026-11-23T07:08:27.612Z','crm reviews reviews');
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
    UNIQUE (chat_id, url)
) STRICT;
INSERT INTO chat_sources VALUES(1,1,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups%200','wikipedia.org','Wikipedia','simulated','2026-11-23T05:47:28.177Z',1,1,'en.wikipedia.org');
INSERT INTO chat_sources VALUES(2,1,1,'https://www.g2.com/categories/best%20crm%20for%20startups%200','g2.com','G2 category reviews','simulated','2026-11-23T05:47:28.177Z',1,2,'g2.com');
INSERT INTO chat_sources VALUES(3,1,1,'https://acme.example/','acme.example','acme.example','simulated','2026-11-23T05:47:28.177Z',1,3,'acme.example');
INSERT INTO chat_sources VALUES(4,1,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-23T05:47:28.177Z',1,4,'umbrella.example');
INSERT INTO chat_sources VALUES(5,1,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T05:47:28.177Z',1,5,'vandelay.example');
INSERT INTO chat_sources VALUES(6,1,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-23T05:47:28.177Z',1,6,'contoso.example');
INSERT INTO chat_sources VALUES(7,1,1,'https://globex.example/','globex.example','globex.example','simulated','2026-11-23T05:47:28.177Z',1,7,'globex.example');
INSERT INTO chat_sources VALUES(8,1,1,'https://hn.algolia.com/?q=best%20crm%20for%20startups%200','algolia.com','Hacker News','simulated','2026-11-23T05:47:28.177Z',0,NULL,'hn.algolia.com');
INSERT INTO chat_sources VALUES(9,2,1,'https://www.capterra.com/compare/best%20crm%20for%20startups%201','capterra.com','Capterra comparisons','simulated','2026-11-23T05:47:28.227Z',1,1,'capterra.com');
INSERT INTO chat_sources VALUES(10,2,1,'https://www.g2.com/categories/best%20crm%20for%20startups%201','g2.com','G2 category reviews','simulated','2026-11-23T05:47:28.227Z',1,2,'g2.com');
INSERT INTO chat_sources VALUES(11,2,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-23T05:47:28.227Z',1,3,'umbrella.example');
INSERT INTO chat_sources VALUES(12,2,1,'https://acme.example/','acme.example','acme.example','simulated','2026-11-23T05:47:28.227Z',1,4,'acme.example');
INSERT INTO chat_sources VALUES(13,2,1,'https://globex.example/','globex.example','globex.example','simulated','2026-11-23T05:47:28.227Z',1,5,'globex.example');
INSERT INTO chat_sources VALUES(14,2,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-23T05:47:28.227Z',1,6,'contoso.example');
INSERT INTO chat_sources VALUES(15,2,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups%201','wikipedia.org','Wikipedia','simulated','2026-11-23T05:47:28.227Z',0,NULL,'en.wikipedia.org');
INSERT INTO chat_sources VALUES(16,2,1,'https://www.reddit.com/search/?q=best%20crm%20for%20startups%201','reddit.com','Reddit discussion','simulated','2026-11-23T05:47:28.227Z',0,NULL,'reddit.com');
INSERT INTO chat_sources VALUES(17,3,1,'https://globex.example/','globex.example','globex.example','simulated','2026-11-23T05:47:28.231Z',1,1,'globex.example');
INSERT INTO chat_sources VALUES(18,3,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-23T05:47:28.231Z',1,2,'umbrella.example');
INSERT INTO chat_sources VALUES(19,3,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T05:47:28.231Z',1,3,'vandelay.example');
INSERT INTO chat_sources VALUES(20,4,1,'https://globex.example/','globex.example','globex.example','simulated','2026-11-23T05:47:28.234Z',1,1,'globex.example');
INSERT INTO chat_sources VALUES(21,4,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-23T05:47:28.234Z',1,2,'stark.example');
INSERT INTO chat_sources VALUES(22,4,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-23T05:47:28.234Z',1,3,'contoso.example');
INSERT INTO chat_sources VALUES(23,4,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-23T05:47:28.234Z',1,4,'initech.example');
INSERT INTO chat_sources VALUES(24,5,1,'https://www.reddit.com/search/?q=best%20crm%20for%20startups%204','reddit.com','Reddit discussion','simulated','2026-11-23T05:47:28.237Z',1,1,'reddit.com');
INSERT INTO chat_sources VALUES(25,5,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups%204','wikipedia.org','Wikipedia','simulated','2026-11-23T05:47:28.237Z',1,2,'en.wikipedia.org');
INSERT INTO chat_sources VALUES(26,5,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-23T05:47:28.237Z',1,3,'contoso.example');
INSERT INTO chat_sources VALUES(27,5,1,'https://acme.example/','acme.example','acme.example','simulated','2026-11-23T05:47:28.237Z',1,4,'acme.example');
INSERT INTO chat_sources VALUES(28,5,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-23T05:47:28.237Z',1,5,'umbrella.example');
INSERT INTO chat_sources VALUES(29,5,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T05:47:28.237Z',1,6,'vandelay.example');
INSERT INTO chat_sources VALUES(30,5,1,'https://hn.algolia.com/?q=best%20crm%20for%20startups%204','algolia.com','Hacker News','simulated','2026-11-23T05:47:28.237Z',0,NULL,'hn.algolia.com');
INSERT INTO chat_sources VALUES(31,6,1,'https://www.capterra.com/compare/best%20crm%20for%20startups%205','capterra.com','Capterra comparisons','simulated','2026-11-23T05:47:28.241Z',1,1,'capterra.com');
INSERT INTO chat_sources VALUES(32,6,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups%205','wikipedia.org','Wikipedia','simulated','2026-11-23T05:47:28.241Z',1,2,'en.wikipedia.org');
INSERT INTO chat_sources VALUES(33,6,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-23T05:47:28.241Z',1,3,'stark.example');
INSERT INTO chat_sources VALUES(34,6,1,'https://acme.example/','acme.example','acme.example','simulated','2026-11-23T05:47:28.241Z',1,4,'acme.example');
INSERT INTO chat_sources VALUES(35,6,1,'https://www.reddit.com/search/?q=best%20crm%20for%20startups%205','reddit.com','Reddit discussion','simulated','2026-11-23T05:47:28.241Z',0,NULL,'reddit.com');
INSERT INTO chat_sources VALUES(36,7,1,'https://hn.algolia.com/?q=best%20crm%20for%20startups','algolia.com','Hacker News','simulated','2026-11-23T07:08:27.513Z',1,1,'hn.algolia.com');
INSERT INTO chat_sources VALUES(37,7,1,'https://www.capterra.com/compare/best%20crm%20for%20startups','capterra.com','Capterra comparisons','simulated','2026-11-23T07:08:27.513Z',1,2,'capterra.com');
INSERT INTO chat_sources VALUES(38,7,1,'https://acme.example/','acme.example','acme.example','simulated','2026-11-23T07:08:27.513Z',1,3,'acme.example');
INSERT INTO chat_sources VALUES(39,7,1,'https://globex.example/','globex.example','globex.example','simulated','2026-11-23T07:08:27.513Z',1,4,'globex.example');
INSERT INTO chat_sources VALUES(40,7,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T07:08:27.513Z',1,5,'vandelay.example');
INSERT INTO chat_sources VALUES(41,7,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-23T07:08:27.513Z',1,6,'hooli.example');
INSERT INTO chat_sources VALUES(42,7,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups','wikipedia.org','Wikipedia','simulated','2026-11-23T07:08:27.513Z',0,NULL,'en.wikipedia.org');
INSERT INTO chat_sources VALUES(43,8,1,'https://globex.example/','globex.example','globex.example','other','2026-11-23T07:08:27.513Z',1,1,'globex.example');
INSERT INTO chat_sources VALUES(44,8,1,'https://initech.example/','initech.example','initech.example','other','2026-11-23T07:08:27.513Z',1,2,'initech.example');
INSERT INTO chat_sources VALUES(45,8,1,'https://contoso.example/','contoso.example','contoso.example','other','2026-11-23T07:08:27.513Z',1,3,'contoso.example');
INSERT INTO chat_sources VALUES(46,8,1,'https://hooli.example/','hooli.example','hooli.example','other','2026-11-23T07:08:27.513Z',1,4,'hooli.example');
INSERT INTO chat_sources VALUES(47,9,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-23T07:08:27.596Z',1,1,'contoso.example');
INSERT INTO chat_sources VALUES(48,9,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-23T07:08:27.596Z',1,2,'northwind.example');
INSERT INTO chat_sources VALUES(49,9,1,'https://acme.example/','acme.example','acme.example','simulated','2026-11-23T07:08:27.596Z',1,3,'acme.example');
INSERT INTO chat_sources VALUES(50,9,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T07:08:27.596Z',1,4,'vandelay.example');
INSERT INTO chat_sources VALUES(51,10,1,'https://hn.algolia.com/?q=crm%20with%20email','algolia.com','Hacker News','other','2026-11-23T07:08:27.596Z',1,1,'hn.algolia.com');
INSERT INTO chat_sources VALUES(52,10,1,'https://en.wikipedia.org/wiki/Special:Search?search=crm%20with%20email','wikipedia.org','Wikipedia','other','2026-11-23T07:08:27.596Z',1,2,'en.wikipedia.org');
INSERT INTO chat_sources VALUES(53,10,1,'https://acme.example/','acme.example','acme.example','other','2026-11-23T07:08:27.596Z',1,3,'acme.example');
INSERT INTO chat_sources VALUES(54,10,1,'https://umbrella.example/','umbrella.example','umbrella.example','other','2026-11-23T07:08:27.596Z',1,4,'umbrella.example');
INSERT INTO chat_sources VALUES(55,10,1,'https://globex.example/','globex.example','globex.example','other','2026-11-23T07:08:27.596Z',1,5,'globex.example');
INSERT INTO chat_sources VALUES(56,10,1,'https://initech.example/','initech.example','initech.example','other','2026-11-23T07:08:27.596Z',1,6,'initech.example');
INSERT INTO chat_sources VALUES(57,10,1,'https://www.capterra.com/compare/crm%20with%20email','capterra.com','Capterra comparisons','other','2026-11-23T07:08:27.596Z',0,NULL,'capterra.com');
INSERT INTO chat_sources VALUES(58,11,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-23T07:08:27.606Z',1,1,'northwind.example');
INSERT INTO chat_sources VALUES(59,11,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T07:08:27.606Z',1,2,'vandelay.example');
INSERT INTO chat_sources VALUES(60,11,1,'https://acme.example/','acme.example','acme.example','simulated','2026-11-23T07:08:27.606Z',1,3,'acme.example');
INSERT INTO chat_sources VALUES(61,12,1,'https://www.g2.com/categories/cheap%20crm','g2.com','G2 category reviews','other','2026-11-23T07:08:27.606Z',1,1,'g2.com');
INSERT INTO chat_sources VALUES(62,12,1,'https://www.capterra.com/compare/cheap%20crm','capterra.com','Capterra comparisons','other','2026-11-23T07:08:27.606Z',1,2,'capterra.com');
INSERT INTO chat_sources VALUES(63,12,1,'https://umbrella.example/','umbrella.example','umbrella.example','other','2026-11-23T07:08:27.606Z',1,3,'umbrella.example');
INSERT INTO chat_sources VALUES(64,12,1,'https://stark.example/','stark.example','stark.example','other','2026-11-23T07:08:27.606Z',1,4,'stark.example');
INSERT INTO chat_sources VALUES(65,12,1,'https://globex.example/','globex.example','globex.example','other','2026-11-23T07:08:27.606Z',1,5,'globex.example');
INSERT INTO chat_sources VALUES(66,12,1,'https://en.wikipedia.org/wiki/Special:Search?search=cheap%20crm','wikipedia.org','Wikipedia','other','2026-11-23T07:08:27.606Z',0,NULL,'en.wikipedia.org');
INSERT INTO chat_sources VALUES(67,13,1,'https://hn.algolia.com/?q=crm%20reviews','algolia.com','Hacker News','simulated','2026-11-23T07:08:27.612Z',1,1,'hn.algolia.com');
INSERT INTO chat_sources VALUES(68,13,1,'https://www.g2.com/categories/crm%20reviews','g2.com','G2 category reviews','simulated','2026-11-23T07:08:27.612Z',1,2,'g2.com');
INSERT INTO chat_sources VALUES(69,13,1,'https://globex.example/','globex.example','globex.example','simulated','2026-11-23T07:08:27.612Z',1,3,'globex.example');
INSERT INTO chat_sources VALUES(70,13,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-23T07:08:27.612Z',1,4,'hooli.example');
INSERT INTO chat_sources VALUES(71,13,1,'https://acme.example/','acme.example','acme.example','simulated','2026-11-23T07:08:27.612Z',1,5,'acme.example');
INSERT INTO chat_sources VALUES(72,13,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T07:08:27.612Z',1,6,'vandelay.example');
INSERT INTO chat_sources VALUES(73,13,1,'https://www.capterra.com/compare/crm%20reviews','capterra.com','Capterra comparisons','simulated','2026-11-23T07:08:27.612Z',0,NULL,'capterra.com');
INSERT INTO chat_sources VALUES(74,14,1,'https://www.reddit.com/search/?q=crm%20reviews','reddit.com','Reddit discussion','other','2026-11-23T07:08:27.612Z',1,1,'reddit.com');
INSERT INTO chat_sources VALUES(75,14,1,'https://www.g2.com/categories/crm%20reviews','g2.com','G2 category reviews','other','2026-11-23T07:08:27.612Z',1,2,'g2.com');
INSERT INTO chat_sources VALUES(76,14,1,'https://contoso.example/','contoso.example','contoso.example','other','2026-11-23T07:08:27.612Z',1,3,'contoso.example');
INSERT INTO chat_sources VALUES(77,14,1,'https://northwind.example/','northwind.example','northwind.example','other','2026-11-23T07:08:27.612Z',1,4,'northwind.example');
INSERT INTO chat_sources VALUES(78,14,1,'https://acme.example/','acme.example','acme.example','other','2026-11-23T07:08:27.612Z',1,5,'acme.example');
INSERT INTO chat_sources VALUES(79,14,1,'https://vandelay.example/','vandelay.example','vandelay.example','other','2026-11-23T07:08:27.612Z',1,6,'vandelay.example');
INSERT INTO chat_sources VALUES(80,14,1,'https://hn.algolia.com/?q=crm%20reviews','algolia.com','Hacker News','other','2026-11-23T07:08:27.612Z',0,NULL,'hn.algolia.com');
INSERT INTO chat_sources VALUES(81,14,1,'https://en.wikipedia.org/wiki/Special:Search?search=crm%20reviews','wikipedia.org','Wikipedia','other','2026-11-23T07:08:27.612Z',0,NULL,'en.wikipedia.org');
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
    cost         REAL,  -- USD, NULL when unknown
    UNIQUE (run_id, engine)
) STRICT;
INSERT INTO chats VALUES(1,1,1,1,'best crm for startups 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm for startups 0” in US:

1. **Acme**: praised for excellent support and documentation. See [acme.example](https://acme.example/).
2. **Umbrella Works**: criticised for slow support and confusing pricing. See [umbrella.example](https://umbrella.example/).
3. **Vandelay Tools**: a tool that many teams use for this. See [vandelay.example](https://vandelay.example/).
4. **Contoso Cloud**: praised for excellent support and documentation. See [contoso.example](https://contoso.example/).
5. **Globex One**: a solid all-rounder with a gentle learning curve. See [globex.example](https://globex.example/).
6. **Globex One**: strong on integrations and reporting.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups%200 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups%200", "title": "Wikipedia"}, {"url": "https://www.g2.com/categories/best%20crm%20for%20startups%200", "title": "G2 category reviews"}]','{"inputTokens": 6, "outputTokens": 224, "searches": 2}',0,'2026-11-23T05:47:28.177Z','[]','["best crm for startups 0", "best crm for startups 0 reviews in US"]','searched',0.0);
INSERT INTO chats VALUES(2,1,2,2,'best crm for startups 1','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm for startups 1” in US:

1. **Umbrella Works**: the usual pick for larger organisations. See [umbrella.example](https://umbrella.example/).
2. **Acme**: the usual pick for larger organisations. See [acme.example](https://acme.example/).
3. **Globex One**: popular with small teams for its pricing. See [globex.example](https://globex.example/).
4. **Contoso Cloud**: a tool that many teams use for this. See [contoso.example](https://contoso.example/).

Compare reviews on https://www.capterra.com/compare/best%20crm%20for%20startups%201 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%20for%20startups%201", "title": "Capterra comparisons"}, {"url": "https://www.g2.com/categories/best%20crm%20for%20startups%201", "title": "G2 category reviews"}]','{"inputTokens": 6, "outputTokens": 167, "searches": 2}',0,'2026-11-23T05:47:28.227Z','[]','["best crm for startups 1", "best crm for startups 1 reviews in US"]','searched',0.0);
INSERT INTO chats VALUES(3,1,3,3,'best crm for startups 2','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm for startups 2” in US:

1. **Globex One**: strong on integrations and reporting. See [globex.example](https://globex.example/).
2. **Umbrella Works**: often called clunky and hard to learn. See [umbrella.example](https://umbrella.example/).
3. **Vandelay Tools**: popular with small teams for its pricing. See [vandelay.example](https://vandelay.example/).','[]','{"inputTokens": 6, "outputTokens": 118, "searches": 0}',0,'2026-11-23T05:47:28.231Z','[]','[]','not_searched',0.0);
INSERT INTO chats VALUES(4,1,4,4,'best crm for startups 3','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm for startups 3” in US:

1. **Globex One**: strong on integrations and reporting. See [globex.example](https://globex.example/).
2. **Acme**: often called clunky and hard to learn.
3. **Stark Analytics**: praised for excellent support and documentation. See [stark.example](https://stark.example/).
4. **Vandelay Tools**: strong on integrations and reporting.
5. **Contoso Cloud**: a solid all-rounder with a gentle learning curve. See [contoso.example](https://contoso.example/).
6. **Initech Pro**: sold in three editions. See [initech.example](https://initech.example/).','[]','{"inputTokens": 6, "outputTokens": 172, "searches": 0}',0,'2026-11-23T05:47:28.234Z','[]','[]','not_searched',0.0);
INSERT INTO chats VALUES(5,1,5,5,'best crm for startups 4','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm for startups 4” in US:

1. **Contoso Cloud**: praised for excellent support and documentation. See [contoso.example](https://contoso.example/).
2. **Acme**: strong on integrations and reporting. See [acme.example](https://acme.example/).
3. **Globex One**: praised for excellent support and documentation.
4. **Umbrella Works**: a solid all-rounder with a gentle learning curve. See [umbrella.example](https://umbrella.example/).
5. **Vandelay Tools**: often called clunky and hard to learn. See [vandelay.example](https://vandelay.example/).

Compare reviews on https://www.reddit.com/search/?q=best%20crm%20for%20startups%204 before you decide.','[{"url": "https://www.reddit.com/search/?q=best%20crm%20for%20startups%204", "title": "Reddit discussion"}, {"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups%204", "title": "Wikipedia"}]','{"inputTokens": 6, "outputTokens": 190, "searches": 2}',0,'2026-11-23T05:47:28.237Z','[]','["best crm for startups 4", "best crm for startups 4 reviews in US"]','searched',0.0);
INSERT INTO chats VALUES(6,1,6,6,'best crm for startups 5','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm for startups 5” in US:

1. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).
2. **Acme**: strong on integrations and reporting. See [acme.example](https://acme.example/).
3. **Umbrella Works**: popular with small teams for its pricing.

Compare reviews on https://www.capterra.com/compare/best%20crm%20for%20startups%205 before you decide.','[{"url": "https://www.capterra.com/compare/best%20crm%20for%20startups%205", "title": "Capterra comparisons"}, {"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups%205", "title": "Wikipedia"}]','{"inputTokens": 6, "outputTokens": 127, "searches": 2}',0,'2026-11-23T05:47:28.241Z','[]','["best crm for startups 5", "best crm for startups 5 reviews in US"]','searched',0.0);
INSERT INTO chats VALUES(7,1,7,7,'best crm for startups','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm for startups”:

1. **Acme**: strong on integrations and reporting. See [acme.example](https://acme.example/).
2. **Initech Pro**: strong on integrations and reporting.
3. **Globex One**: fast to set up, with a generous free tier. See [globex.example](https://globex.example/).
4. **Vandelay Tools**: strong on integrations and reporting. See [vandelay.example](https://vandelay.example/).
5. **Hooli Stack**: praised for excellent support and documentation. See [hooli.example](https://hooli.example/).
6. **Globex One**: often called clunky and hard to learn.

Compare reviews on https://hn.algolia.com/?q=best%20crm%20for%20startups before you decide.','[{"url": "https://hn.algolia.com/?q=best%20crm%20for%20startups", "title": "Hacker News"}, {"url": "https://www.capterra.com/compare/best%20crm%20for%20startups", "title": "Capterra comparisons"}]','{"inputTokens": 6, "outputTokens": 192, "searches": 2}',0,'2026-11-23T07:08:27.513Z','[]','["best crm for startups", "best crm for startups reviews"]','searched',0.0);
INSERT INTO chats VALUES(8,1,7,7,'best crm for startups','other','sim-2',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “best crm for startups”:

1. **Globex One**: a solid all-rounder with a gentle learning curve. See [globex.example](https://globex.example/).
2. **Initech Pro**: a solid all-rounder with a gentle learning curve. See [initech.example](https://initech.example/).
3. **Globex One**: often called clunky and hard to learn. See [globex.example](https://globex.example/).
4. **Contoso Cloud**: criticised for slow support and confusing pricing. See [contoso.example](https://contoso.example/).
5. **Hooli Stack**: praised for excellent support and documentation. See [hooli.example](https://hooli.example/).','[]','{"inputTokens": 6, "outputTokens": 176, "searches": 0}',0,'2026-11-23T07:08:27.513Z','[]','[]','not_searched',0.0);
INSERT INTO chats VALUES(9,1,8,8,'crm with email','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “crm with email”:

1. **Contoso Cloud**: sold in three editions. See [contoso.example](https://contoso.example/).
2. **Globex One**: popular with small teams for its pricing.
3. **Northwind Suite**: popular with small teams for its pricing. See [northwind.example](https://northwind.example/).
4. **Stark Analytics**: a solid all-rounder with a gentle learning curve.
5. **Acme**: a solid all-rounder with a gentle learning curve. See [acme.example](https://acme.example/).
6. **Vandelay Tools**: a solid all-rounder with a gentle learning curve. See [vandelay.example](https://vandelay.example/).','[]','{"inputTokens": 4, "outputTokens": 175, "searches": 0}',0,'2026-11-23T07:08:27.596Z','[]','[]','not_searched',0.0);
INSERT INTO chats VALUES(10,1,8,8,'crm with email','other','sim-2',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “crm with email”:

1. **Acme**: praised for excellent support and documentation. See [acme.example](https://acme.example/).
2. **Umbrella Works**: the usual pick for larger organisations. See [umbrella.example](https://umbrella.example/).
3. **Globex One**: a solid all-rounder with a gentle learning curve. See [globex.example](https://globex.example/).
4. **Globex One**: criticised for slow support and confusing pricing.
5. **Initech Pro**: popular with small teams for its pricing. See [initech.example](https://initech.example/).

Compare reviews on https://hn.algolia.com/?q=crm%20with%20email before you decide.','[{"url": "https://hn.algolia.com/?q=crm%20with%20email", "title": "Hacker News"}, {"url": "https://en.wikipedia.org/wiki/Special:Search?search=crm%20with%20email", "title": "Wikipedia"}]','{"inputTokens": 4, "outputTokens": 181, "searches": 2}',0,'2026-11-23T07:08:27.596Z','[]','["crm with email", "crm with email reviews"]','searched',0.0);
INSERT INTO chats VALUES(11,1,9,9,'cheap crm','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “cheap crm”:

1. **Northwind Suite**: a solid all-rounder with a gentle learning curve. See [northwind.example](https://northwind.example/).
2. **Vandelay Tools**: criticised for slow support and confusing pricing. See [vandelay.example](https://vandelay.example/).
3. **Acme**: often called clunky and hard to learn. See [acme.example](https://acme.example/).','[]','{"inputTokens": 3, "outputTokens": 116, "searches": 0}',0,'2026-11-23T07:08:27.606Z','[]','[]','not_searched',0.0);
INSERT INTO chats VALUES(12,1,9,9,'cheap crm','other','sim-2',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “cheap crm”:

1. **Umbrella Works**: the usual pick for larger organisations. See [umbrella.example](https://umbrella.example/).
2. **Stark Analytics**: fast to set up, with a generous free tier. See [stark.example](https://stark.example/).
3. **Globex One**: often called clunky and hard to learn. See [globex.example](https://globex.example/).
4. **Globex One**: a solid all-rounder with a gentle learning curve. See [globex.example](https://globex.example/).

Compare reviews on https://www.g2.com/categories/cheap%20crm before you decide.','[{"url": "https://www.g2.com/categories/cheap%20crm", "title": "G2 category reviews"}, {"url": "https://www.capterra.com/compare/cheap%20crm", "title": "Capterra comparisons"}]','{"inputTokens": 3, "outputTokens": 162, "searches": 2}',0,'2026-11-23T07:08:27.606Z','[]','["cheap crm", "cheap crm reviews"]','searched',0.0);
INSERT INTO chats VALUES(13,1,10,10,'crm reviews','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “crm reviews”:

1. **Globex One**: often called clunky and hard to learn. See [globex.example](https://globex.example/).
2. **Hooli Stack**: often called clunky and hard to learn. See [hooli.example](https://hooli.example/).
3. **Globex One**: often called clunky and hard to learn. See [globex.example](https://globex.example/).
4. **Acme**: sold in three editions. See [acme.example](https://acme.example/).
5. **Vandelay Tools**: criticised for slow support and confusing pricing. See [vandelay.example](https://vandelay.example/).

Compare reviews on https://hn.algolia.com/?q=crm%20reviews before you decide.','[{"url": "https://hn.algolia.com/?q=crm%20reviews", "title": "Hacker News"}, {"url": "https://www.g2.com/categories/crm%20reviews", "title": "G2 category reviews"}]','{"inputTokens": 3, "outputTokens": 179, "searches": 2}',0,'2026-11-23T07:08:27.612Z','[]','["crm reviews", "crm reviews reviews"]','searched',0.0);
INSERT INTO chats VALUES(14,1,10,10,'crm reviews','other','sim-2',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “crm reviews”:

1. **Contoso Cloud**: often called clunky and hard to learn. See [contoso.example](https://contoso.example/).
2. **Globex One**: praised for excellent support and documentation.
3. **Northwind Suite**: often called clunky and hard to learn. See [northwind.example](https://northwind.example/).
4. **Acme**: often called clunky and hard to learn. See [acme.example](https://acme.example/).
5. **Initech Pro**: often called clunky and hard to learn.
6. **Vandelay Tools**: popular with small teams for its pricing. See [vandelay.example](https://vandelay.example/).

Compare reviews on https://www.reddit.com/search/?q=crm%20reviews before you decide.','[{"url": "https://www.reddit.com/search/?q=crm%20reviews", "title": "Reddit discussion"}, {"url": "https://www.g2.com/categories/crm%20reviews", "title": "G2 category reviews"}]','{"inputTokens": 3, "outputTokens": 192, "searches": 2}',0,'2026-11-23T07:08:27.612Z','[]','["crm reviews", "crm reviews reviews"]','searched',0.0);
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
CREATE INDEX chats_location ON chats (workspace_id, location, created_at);
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
    sentiment_sum REAL NOT NULL DEFAULT 0,
    sentiment_scored INTEGER NOT NULL DEFAULT 0,
    positive     INTEGER NOT NULL DEFAULT 0,
    neutral      INTEGER NOT NULL DEFAULT 0,
    negative     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, day, engine, brand_id)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_brands VALUES(1,'2026-11-23','other',1,2,3,2,0.38,2,1,0,1);
INSERT INTO daily_brands VALUES(1,'2026-11-23','other',2,4,5,3,1.4483000000000001,4,4,0,0);
INSERT INTO daily_brands VALUES(1,'2026-11-23','simulated',1,9,12,8,1.3144000000000005,9,5,2,2);
INSERT INTO daily_brands VALUES(1,'2026-11-23','simulated',2,8,12,6,3.4816000000000007,8,7,0,1);

-- Table  daily_chats
DROP TABLE IF EXISTS daily_chats;
CREATE TABLE daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_chats VALUES(1,'2026-11-23','other',4);
INSERT INTO daily_chats VALUES(1,'2026-11-23','simulated',10);

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
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','acme.example',2,2,'2026-11-23T07:08:27.596Z','2026-11-23T07:08:27.612Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','algolia.com',1,1,'2026-11-23T07:08:27.596Z','2026-11-23T07:08:27.612Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','capterra.com',1,1,'2026-11-23T07:08:27.596Z','2026-11-23T07:08:27.606Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','contoso.example',2,2,'2026-11-23T07:08:27.513Z','2026-11-23T07:08:27.612Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','g2.com',2,2,'2026-11-23T07:08:27.606Z','2026-11-23T07:08:27.612Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','globex.example',3,3,'2026-11-23T07:08:27.513Z','2026-11-23T07:08:27.606Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','hooli.example',1,1,'2026-11-23T07:08:27.513Z','2026-11-23T07:08:27.513Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','initech.example',2,2,'2026-11-23T07:08:27.513Z','2026-11-23T07:08:27.596Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','northwind.example',1,1,'2026-11-23T07:08:27.612Z','2026-11-23T07:08:27.612Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','reddit.com',1,1,'2026-11-23T07:08:27.612Z','2026-11-23T07:08:27.612Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','stark.example',1,1,'2026-11-23T07:08:27.606Z','2026-11-23T07:08:27.606Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','umbrella.example',2,2,'2026-11-23T07:08:27.596Z','2026-11-23T07:08:27.606Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','vandelay.example',1,1,'2026-11-23T07:08:27.612Z','2026-11-23T07:08:27.612Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-23','other','wikipedia.org',1,1,'2026-11-23T07:08:27.596Z','2026-11-23T07:08:27.612Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','acme.example',8,8,'2026-11-23T05:47:28.177Z','2026-11-23T07:08:27.612Z',8);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','algolia.com',2,2,'2026-11-23T05:47:28.177Z','2026-11-23T07:08:27.612Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','capterra.com',3,3,'2026-11-23T05:47:28.227Z','2026-11-23T07:08:27.612Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','contoso.example',5,5,'2026-11-23T05:47:28.177Z','2026-11-23T07:08:27.596Z',5);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','g2.com',3,3,'2026-11-23T05:47:28.177Z','2026-11-23T07:08:27.612Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','globex.example',6,6,'2026-11-23T05:47:28.177Z','2026-11-23T07:08:27.612Z',6);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','hooli.example',2,2,'2026-11-23T07:08:27.513Z','2026-11-23T07:08:27.612Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','initech.example',1,1,'2026-11-23T05:47:28.234Z','2026-11-23T05:47:28.234Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','northwind.example',2,2,'2026-11-23T07:08:27.596Z','2026-11-23T07:08:27.606Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','reddit.com',1,1,'2026-11-23T05:47:28.227Z','2026-11-23T05:47:28.241Z',3);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','stark.example',2,2,'2026-11-23T05:47:28.234Z','2026-11-23T05:47:28.241Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','umbrella.example',4,4,'2026-11-23T05:47:28.177Z','2026-11-23T05:47:28.237Z',4);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','vandelay.example',7,7,'2026-11-23T05:47:28.177Z','2026-11-23T07:08:27.612Z',7);
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','wikipedia.org',3,3,'2026-11-23T05:47:28.177Z','2026-11-23T07:08:27.513Z',5);

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
INSERT INTO data_revision VALUES(1,27);

-- Table  engine_calls
DROP TABLE IF EXISTS engine_calls;
CREATE TABLE engine_calls (
    engine TEXT NOT NULL,
    day    TEXT NOT NULL,
    calls  INTEGER NOT NULL,
    PRIMARY KEY (engine, day)
) STRICT, WITHOUT ROWID;
INSERT INTO engine_calls VALUES('other','2026-11-23',4);
INSERT INTO engine_calls VALUES('simulated','2026-11-23',10);

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
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-23','simulated',1,5,6,4,0.8392000000000002,5,3,1,1);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-23','simulated',2,5,8,4,2.8317000000000005,5,5,0,0);

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
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-23','simulated',6);

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
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','acme.example',4,4,4,'2026-11-23T05:47:28.177Z','2026-11-23T05:47:28.241Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','algolia.com',0,0,2,'2026-11-23T05:47:28.177Z','2026-11-23T05:47:28.237Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','capterra.com',2,2,2,'2026-11-23T05:47:28.227Z','2026-11-23T05:47:28.241Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','contoso.example',4,4,4,'2026-11-23T05:47:28.177Z','2026-11-23T05:47:28.237Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','g2.com',2,2,2,'2026-11-23T05:47:28.177Z','2026-11-23T05:47:28.227Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','globex.example',4,4,4,'2026-11-23T05:47:28.177Z','2026-11-23T05:47:28.234Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','initech.example',1,1,1,'2026-11-23T05:47:28.234Z','2026-11-23T05:47:28.234Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','reddit.com',1,1,3,'2026-11-23T05:47:28.227Z','2026-11-23T05:47:28.241Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','stark.example',2,2,2,'2026-11-23T05:47:28.234Z','2026-11-23T05:47:28.241Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','umbrella.example',4,4,4,'2026-11-23T05:47:28.177Z','2026-11-23T05:47:28.237Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','vandelay.example',3,3,3,'2026-11-23T05:47:28.177Z','2026-11-23T05:47:28.237Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-23','simulated','wikipedia.org',3,3,4,'2026-11-23T05:47:28.177Z','2026-11-23T05:47:28.241Z');

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
INSERT INTO organizations VALUES(1,'Frozen v8','self-hosted','active',1,'2026-11-23T05:47:28.170Z','2026-11-23T05:47:28.170Z');
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
INSERT INTO prompt_counts VALUES(1,'active',10);

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
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-23','simulated',1,1,1,1,0.4313,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-23','simulated',2,1,2,1,0.5265,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-23','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-23','simulated',2,1,2,1,0.4215,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,3,'2026-11-23','simulated',2,1,1,1,0.5106,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-23','simulated',1,1,2,0,-0.1027,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,4,'2026-11-23','simulated',2,1,1,1,0.5106,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-23','simulated',1,1,1,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,5,'2026-11-23','simulated',2,1,2,0,0.8625,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,6,'2026-11-23','simulated',1,1,1,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-23','other',2,1,1,1,0.2198,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-23','simulated',1,1,1,1,0.2553,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,7,'2026-11-23','simulated',2,1,2,1,0.3311,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,8,'2026-11-23','other',1,1,1,1,0.4313,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,8,'2026-11-23','other',2,1,2,1,0.1462,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,8,'2026-11-23','simulated',1,1,2,1,0.2712,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,8,'2026-11-23','simulated',2,1,1,0,0.4215,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,9,'2026-11-23','other',2,1,1,1,0.2198,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,9,'2026-11-23','simulated',1,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,10,'2026-11-23','other',1,1,2,1,-0.0513,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(1,10,'2026-11-23','other',2,1,1,0,0.8625,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,10,'2026-11-23','simulated',1,1,2,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,10,'2026-11-23','simulated',2,1,1,1,-0.1027,1,0,0,1);

-- Table  prompt_daily_chats
DROP TABLE IF EXISTS prompt_daily_chats;
CREATE TABLE prompt_daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, prompt_id, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-23','simulated',1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-23','simulated',1);
INSERT INTO prompt_daily_chats VALUES(1,3,'2026-11-23','simulated',1);
INSERT INTO prompt_daily_chats VALUES(1,4,'2026-11-23','simulated',1);
INSERT INTO prompt_daily_chats VALUES(1,5,'2026-11-23','simulated',1);
INSERT INTO prompt_daily_chats VALUES(1,6,'2026-11-23','simulated',1);
INSERT INTO prompt_daily_chats VALUES(1,7,'2026-11-23','other',1);
INSERT INTO prompt_daily_chats VALUES(1,7,'2026-11-23','simulated',1);
INSERT INTO prompt_daily_chats VALUES(1,8,'2026-11-23','other',1);
INSERT INTO prompt_daily_chats VALUES(1,8,'2026-11-23','simulated',1);
INSERT INTO prompt_daily_chats VALUES(1,9,'2026-11-23','other',1);
INSERT INTO prompt_daily_chats VALUES(1,9,'2026-11-23','simulated',1);
INSERT INTO prompt_daily_chats VALUES(1,10,'2026-11-23','other',1);
INSERT INTO prompt_daily_chats VALUES(1,10,'2026-11-23','simulated',1);

-- Table  prompt_tags
DROP TABLE IF EXISTS prompt_tags;
CREATE TABLE prompt_tags (
    prompt_id INTEGER NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    tag_id    INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (prompt_id, tag_id)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_tags VALUES(1,1);
INSERT INTO prompt_tags VALUES(2,1);
INSERT INTO prompt_tags VALUES(3,1);
INSERT INTO prompt_tags VALUES(4,1);
INSERT INTO prompt_tags VALUES(5,1);
INSERT INTO prompt_tags VALUES(6,1);
-- Triggers and indices on  prompt_tags
CREATE TRIGGER prompt_tags_count_delete AFTER DELETE ON prompt_tags BEGIN
    UPDATE tags SET prompt_count = prompt_count - 1 WHERE id = old.tag_id;
END;
CREATE TRIGGER prompt_tags_count_insert AFTER INSERT ON prompt_tags BEGIN
    UPDATE tags SET prompt_count = prompt_count + 1 WHERE id = new.tag_id;
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
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-23','simulated',1,1,1,1,0.4313,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-23','simulated',2,1,2,1,0.5265,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,2,'2026-11-23','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_weekly_brands VALUES(1,2,'2026-11-23','simulated',2,1,2,1,0.4215,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,3,'2026-11-23','simulated',2,1,1,1,0.5106,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,4,'2026-11-23','simulated',1,1,2,0,-0.1027,1,0,0,1);
INSERT INTO prompt_weekly_brands VALUES(1,4,'2026-11-23','simulated',2,1,1,1,0.5106,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,5,'2026-11-23','simulated',1,1,1,1,0.2553,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,5,'2026-11-23','simulated',2,1,2,0,0.8625,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,6,'2026-11-23','simulated',1,1,1,1,0.2553,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,7,'2026-11-23','other',2,1,1,1,0.2198,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,7,'2026-11-23','simulated',1,1,1,1,0.2553,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,7,'2026-11-23','simulated',2,1,2,1,0.3311,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,8,'2026-11-23','other',1,1,1,1,0.4313,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,8,'2026-11-23','other',2,1,2,1,0.1462,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,8,'2026-11-23','simulated',1,1,2,1,0.2712,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,8,'2026-11-23','simulated',2,1,1,0,0.4215,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,9,'2026-11-23','other',2,1,1,1,0.2198,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,9,'2026-11-23','simulated',1,1,1,1,-0.0513,1,0,0,1);
INSERT INTO prompt_weekly_brands VALUES(1,10,'2026-11-23','other',1,1,2,1,-0.0513,1,0,0,1);
INSERT INTO prompt_weekly_brands VALUES(1,10,'2026-11-23','other',2,1,1,0,0.8625,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,10,'2026-11-23','simulated',1,1,2,1,0.0,1,0,1,0);
INSERT INTO prompt_weekly_brands VALUES(1,10,'2026-11-23','simulated',2,1,1,1,-0.1027,1,0,0,1);

-- Table  prompt_weekly_chats
DROP TABLE IF EXISTS prompt_weekly_chats;
CREATE TABLE prompt_weekly_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    prompt_id    INTEGER NOT NULL,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, prompt_id, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_weekly_chats VALUES(1,1,'2026-11-23','simulated',1);
INSERT INTO prompt_weekly_chats VALUES(1,2,'2026-11-23','simulated',1);
INSERT INTO prompt_weekly_chats VALUES(1,3,'2026-11-23','simulated',1);
INSERT INTO prompt_weekly_chats VALUES(1,4,'2026-11-23','simulated',1);
INSERT INTO prompt_weekly_chats VALUES(1,5,'2026-11-23','simulated',1);
INSERT INTO prompt_weekly_chats VALUES(1,6,'2026-11-23','simulated',1);
INSERT INTO prompt_weekly_chats VALUES(1,7,'2026-11-23','other',1);
INSERT INTO prompt_weekly_chats VALUES(1,7,'2026-11-23','simulated',1);
INSERT INTO prompt_weekly_chats VALUES(1,8,'2026-11-23','other',1);
INSERT INTO prompt_weekly_chats VALUES(1,8,'2026-11-23','simulated',1);
INSERT INTO prompt_weekly_chats VALUES(1,9,'2026-11-23','other',1);
INSERT INTO prompt_weekly_chats VALUES(1,9,'2026-11-23','simulated',1);
INSERT INTO prompt_weekly_chats VALUES(1,10,'2026-11-23','other',1);
INSERT INTO prompt_weekly_chats VALUES(1,10,'2026-11-23','simulated',1);

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
INSERT INTO prompts VALUES(1,1,'best crm for startups 0','active','US',1,'best crm for startups 0us','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z');
INSERT INTO prompts VALUES(2,1,'best crm for startups 1','active','US',1,'best crm for startups 1us','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z');
INSERT INTO prompts VALUES(3,1,'best crm for startups 2','active','US',1,'best crm for startups 2us','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z');
INSERT INTO prompts VALUES(4,1,'best crm for startups 3','active','US',1,'best crm for startups 3us','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z');
INSERT INTO prompts VALUES(5,1,'best crm for startups 4','active','US',1,'best crm for startups 4us','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z');
INSERT INTO prompts VALUES(6,1,'best crm for startups 5','active','US',1,'best crm for startups 5us','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z');
INSERT INTO prompts VALUES(7,1,'best crm for startups','active',NULL,NULL,'best crm for startups','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z');
INSERT INTO prompts VALUES(8,1,'crm with email','active',NULL,NULL,'crm with email','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z');
INSERT INTO prompts VALUES(9,1,'cheap crm','active',NULL,NULL,'cheap crm','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z');
INSERT INTO prompts VALUES(10,1,'crm reviews','active',NULL,NULL,'crm reviews','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z');
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
INSERT INTO prompts_fts_data VALUES(1,X'0A812D');
INSERT INTO prompts_fts_data VALUES(10,X'00000000010A0A000A0101010201010301010401010501010601010701010801010901010A0101');
INSERT INTO prompts_fts_data VALUES(137438953473,X'000000A304302063720102060202666F01020A0202737401020E01036172740102110103626573010202010363726D01020701036573740102030103666F7201020B01036D206601020901036F722001020C0103707320010215010372207301020D02026D200102080202747501021201037320300102160202742001020403016101020F010374206301020502026172010210020275700102130103757073010214040807070808080808080808080707080706080707');
INSERT INTO prompts_fts_data VALUES(274877906945,X'000000A304302063720202060202666F02020A0202737402020E01036172740202110103626573020202010363726D02020701036573740202030103666F7202020B01036D206602020901036F722002020C0103707320020215010372207302020D02026D200202080202747502021201037320310202160202742002020403016102020F010374206302020502026172020210020275700202130103757073020214040807070808080808080808080707080706080707');
INSERT INTO prompts_fts_data VALUES(412316860417,X'000000A304302063720302060202666F03020A0202737403020E01036172740302110103626573030202010363726D03020701036573740302030103666F7203020B01036D206603020901036F722003020C0103707320030215010372207303020D02026D200302080202747503021201037320320302160202742003020403016103020F010374206303020502026172030210020275700302130103757073030214040807070808080808080808080707080706080707');
INSERT INTO prompts_fts_data VALUES(549755813889,X'000000A304302063720402060202666F04020A0202737404020E01036172740402110103626573040202010363726D04020701036573740402030103666F7204020B01036D206604020901036F722004020C0103707320040215010372207304020D02026D200402080202747504021201037320330402160202742004020403016104020F010374206304020502026172040210020275700402130103757073040214040807070808080808080808080707080706080707');
INSERT INTO prompts_fts_data VALUES(687194767361,X'000000A304302063720502060202666F05020A0202737405020E01036172740502110103626573050202010363726D05020701036573740502030103666F7205020B01036D206605020901036F722005020C0103707320050215010372207305020D02026D200502080202747505021201037320340502160202742005020403016105020F010374206305020502026172050210020275700502130103757073050214040807070808080808080808080707080706080707');
INSERT INTO prompts_fts_data VALUES(824633720833,X'000000A304302063720602060202666F06020A0202737406020E01036172740602110103626573060202010363726D06020701036573740602030103666F7206020B01036D206606020901036F722006020C0103707320060215010372207306020D02026D200602080202747506021201037320350602160202742006020403016106020F010374206306020502026172060210020275700602130103757073060214040807070808080808080808080707080706080707');
INSERT INTO prompts_fts_data VALUES(962072674305,X'0000009404302063720702060202666F07020A0202737407020E01036172740702110103626573070202010363726D07020701036573740702030103666F7207020B01036D206607020901036F722007020C010372207307020D02026D2007020802027475070212010373742007020403016107020F01037420630702050202617207021002027570070213010375707307021404080707080808080808080807070806080707');
INSERT INTO prompts_fts_data VALUES(1099511627777,X'00000062043020656D08020A02027769080205010361696C08020D010363726D0802020103656D6108020B0103682065080209010369746808020701036D20770802040202616908020C0103726D2008020301037468200802080103776974080206040807080808080808070808');
INSERT INTO prompts_fts_data VALUES(1236950581249,X'0000003B0430206372090207010361702009020501036368650902020202726D09020801036561700902040103686561090203010370206309020604080808070808');
INSERT INTO prompts_fts_data VALUES(1374389534721,X'0000004A04302072650A0205010363726D0A020201036576690A0207020277730A020A01036965770A020901036D20720A020401037265760A020602026D200A020301037669650A0208040808080708080807');

-- Table  prompts_fts_docsize
DROP TABLE IF EXISTS prompts_fts_docsize;
CREATE TABLE 'prompts_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
INSERT INTO prompts_fts_docsize VALUES(1,X'15');
INSERT INTO prompts_fts_docsize VALUES(2,X'15');
INSERT INTO prompts_fts_docsize VALUES(3,X'15');
INSERT INTO prompts_fts_docsize VALUES(4,X'15');
INSERT INTO prompts_fts_docsize VALUES(5,X'15');
INSERT INTO prompts_fts_docsize VALUES(6,X'15');
INSERT INTO prompts_fts_docsize VALUES(7,X'13');
INSERT INTO prompts_fts_docsize VALUES(8,X'0C');
INSERT INTO prompts_fts_docsize VALUES(9,X'07');
INSERT INTO prompts_fts_docsize VALUES(10,X'09');

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
INSERT INTO prompts_fts_idx VALUES(10,X'',2);

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
INSERT INTO runs VALUES(1,1,1,'done','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z',1,NULL,NULL,NULL,'2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.177Z');
INSERT INTO runs VALUES(2,1,2,'done','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z',1,NULL,NULL,NULL,'2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.227Z');
INSERT INTO runs VALUES(3,1,3,'done','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z',1,NULL,NULL,NULL,'2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.231Z');
INSERT INTO runs VALUES(4,1,4,'done','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z',1,NULL,NULL,NULL,'2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.234Z');
INSERT INTO runs VALUES(5,1,5,'done','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z',1,NULL,NULL,NULL,'2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.237Z');
INSERT INTO runs VALUES(6,1,6,'done','2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.173Z',1,NULL,NULL,NULL,'2026-11-23T05:47:28.173Z','2026-11-23T05:47:28.241Z');
INSERT INTO runs VALUES(7,1,7,'done','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z',1,NULL,NULL,NULL,'2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.513Z');
INSERT INTO runs VALUES(8,1,8,'done','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z',1,NULL,NULL,NULL,'2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.596Z');
INSERT INTO runs VALUES(9,1,9,'done','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z',1,NULL,NULL,NULL,'2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.606Z');
INSERT INTO runs VALUES(10,1,10,'done','2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.505Z',1,NULL,NULL,NULL,'2026-11-23T07:08:27.505Z','2026-11-23T07:08:27.612Z');
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
INSERT INTO source_categories VALUES(1,'g2.com','editorial','2026-11-23T07:08:27.510Z');

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
INSERT INTO tags VALUES(1,1,'t1','t1','gray',6,'2026-11-23T05:47:28.171Z','2026-11-23T05:47:28.171Z',X'CC7F2769641331476E616D6527743157636F6C6F72476772617987686578436F6C6F727723366237323830B7776F726B73706163654964133197637265617465644174C718323032362D31312D32335430353A34373A32382E3137315A97757064617465644174C718323032362D31312D32335430353A34373A32382E3137315A');
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
INSERT INTO topics VALUES(1,1,'CRM','crm','2026-11-23T05:47:28.171Z','2026-11-23T05:47:28.171Z',X'CC642769641331476E616D653743524DB7776F726B73706163654964133197637265617465644174C718323032362D31312D32335430353A34373A32382E3137315A97757064617465644174C718323032362D31312D32335430353A34373A32382E3137315A');
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
INSERT INTO workspaces VALUES(1,1,'Frozen v8','2026-11-23T05:47:28.170Z','2026-11-23T05:47:28.170Z');
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
INSERT INTO main.sqlite_sequence VALUES ('api_keys', 2);
DELETE FROM main.sqlite_sequence WHERE name='brands';
INSERT INTO main.sqlite_sequence VALUES ('brands', 2);
DELETE FROM main.sqlite_sequence WHERE name='chats';
INSERT INTO main.sqlite_sequence VALUES ('chats', 14);
DELETE FROM main.sqlite_sequence WHERE name='organizations';
INSERT INTO main.sqlite_sequence VALUES ('organizations', 1);
DELETE FROM main.sqlite_sequence WHERE name='prompts';
INSERT INTO main.sqlite_sequence VALUES ('prompts', 10);
DELETE FROM main.sqlite_sequence WHERE name='runs';
INSERT INTO main.sqlite_sequence VALUES ('runs', 10);
DELETE FROM main.sqlite_sequence WHERE name='tags';
INSERT INTO main.sqlite_sequence VALUES ('tags', 1);
DELETE FROM main.sqlite_sequence WHERE name='topics';
INSERT INTO main.sqlite_sequence VALUES ('topics', 1);
DELETE FROM main.sqlite_sequence WHERE name='workspaces';
INSERT INTO main.sqlite_sequence VALUES ('workspaces', 1);

-- Database header
pragma user_version=9;

COMMIT TRANSACTION;

-- Restoring writable schema back to default
PRAGMA writable_schema=OFF;

-- We need to force SQLite to reread the schema because otherwise it doesn't
-- know that the virtual tables we inserted directly into sqlite_schema exist.
BEGIN;
CREATE TABLE no_such_table(x,y,z);
ROLLBACK;
