-- SQLite dump (by APSW 3.54.1.0)
-- SQLite version 3.54.1
-- Date: Sat Nov 28 15:14:30 2026
-- Tables like: (All)
-- Database: /tmp/v13/v13.db
-- User: root @ vm

-- The values of various per-database settings
PRAGMA page_size=4096;
-- PRAGMA encoding='UTF-8';
-- PRAGMA auto_vacuum=NONE;
-- PRAGMA max_page_count=4294967294;

-- This pragma is needed to restore virtual tables
PRAGMA writable_schema=ON;

BEGIN TRANSACTION;

-- Table  annotations
DROP TABLE IF EXISTS annotations;
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
INSERT INTO annotations VALUES(1,1,'brand.added','Brand added: Acme',NULL,1,NULL,'{}','2026-11-28T12:35:37.606Z');
INSERT INTO annotations VALUES(2,1,'brand.added','Brand added: Globex',NULL,2,NULL,'{}','2026-11-28T12:35:37.612Z');
INSERT INTO annotations VALUES(3,1,'prompt.added','Prompt added: best crm for startups',1,NULL,NULL,'{}','2026-11-28T12:35:37.629Z');
INSERT INTO annotations VALUES(4,1,'prompt.added','Prompt added: acme vs globex',2,NULL,NULL,'{}','2026-11-28T12:35:37.629Z');
INSERT INTO annotations VALUES(5,2,'brand.added','Brand added: Initech',NULL,3,NULL,'{}','2026-11-28T15:14:30.350Z');
INSERT INTO annotations VALUES(6,2,'brand.added','Brand added: Umbrella',NULL,4,NULL,'{}','2026-11-28T15:14:30.352Z');
INSERT INTO annotations VALUES(7,2,'prompt.added','Prompt added: best office software 0',3,NULL,NULL,'{}','2026-11-28T15:14:30.358Z');
INSERT INTO annotations VALUES(8,2,'prompt.added','Prompt added: best office software 1',4,NULL,NULL,'{}','2026-11-28T15:14:30.358Z');
INSERT INTO annotations VALUES(9,2,'prompt.added','Prompt added: best office software 2',5,NULL,NULL,'{}','2026-11-28T15:14:30.358Z');
-- Triggers and indices on  annotations
CREATE INDEX annotations_window ON annotations (workspace_id, created_at);

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
INSERT INTO api_keys VALUES(1,1,'default',X'C002F61D98454CE4138115FB0A32C812D85FFC2F86415D6272260072840179EF','trk_EVte','YyKW','read,write',60,NULL,NULL,'2026-11-28T12:35:37.585Z');
INSERT INTO api_keys VALUES(2,2,'default',X'17F8797A3E3E3AF6815C5A5F9E0674ADD0719B8D7C3EE07461085E1F818E20ED','trk_OOn5','to6X','read,write',100000,NULL,NULL,'2026-11-28T15:14:30.344Z');
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
    generation    INTEGER NOT NULL DEFAULT 0,
    -- the prompts' branded flags are worked out first, in batches: NULL once they are
    after_prompt_id INTEGER DEFAULT 0
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
INSERT INTO brands VALUES(1,1,'Acme','acme','[]',NULL,0,'["acme.com"]',NULL,NULL,NULL,'active','own','#6b7280',1.0,'2026-11-28T12:35:38.596Z','2026-11-28T12:35:37.606Z','2026-11-28T12:35:37.606Z');
INSERT INTO brands VALUES(2,1,'Globex','globex','[]',NULL,0,'["globex.com"]',NULL,NULL,NULL,'active','competitor','#6b7280',1.0,'2026-11-28T12:35:38.596Z','2026-11-28T12:35:37.612Z','2026-11-28T12:35:37.612Z');
INSERT INTO brands VALUES(3,2,'Initech','initech','[]',NULL,0,'["initech.com"]',NULL,NULL,NULL,'active','own','#6b7280',0.6666666666666666,'2026-11-28T15:14:30.598Z','2026-11-28T15:14:30.350Z','2026-11-28T15:14:30.350Z');
INSERT INTO brands VALUES(4,2,'Umbrella','umbrella','[]',NULL,0,'["umbrella.com"]',NULL,NULL,NULL,'active','competitor','#6b7280',1.0,'2026-11-28T15:14:30.598Z','2026-11-28T15:14:30.352Z','2026-11-28T15:14:30.352Z');
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
INSERT INTO chat_brands VALUES(1,1,1,1,1,1,'simulated','2026-11-28T12:35:38.267Z','neutral',0.0);
INSERT INTO chat_brands VALUES(1,2,1,2,1,1,'simulated','2026-11-28T12:35:38.267Z','neutral',0.0);
INSERT INTO chat_brands VALUES(2,1,1,1,1,1,'simulated','2026-11-28T12:35:38.267Z','positive',0.5106);
INSERT INTO chat_brands VALUES(2,2,1,2,2,1,'simulated','2026-11-28T12:35:38.267Z','positive',0.3311);
INSERT INTO chat_brands VALUES(3,3,2,1,2,1,'simulated','2026-11-28T15:14:30.576Z','positive',0.1594);
INSERT INTO chat_brands VALUES(3,4,2,2,2,1,'simulated','2026-11-28T15:14:30.576Z','neutral',0.0);
INSERT INTO chat_brands VALUES(4,4,2,1,1,1,'simulated','2026-11-28T15:14:30.587Z','negative',-0.1027);
INSERT INTO chat_brands VALUES(5,3,2,1,1,1,'simulated','2026-11-28T15:14:30.595Z','negative',-0.25);
INSERT INTO chat_brands VALUES(5,4,2,2,1,0,'simulated','2026-11-28T15:14:30.595Z','neutral',0.0);
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
INSERT INTO chat_names VALUES(1,1,1,'simulated','2026-11-28T12:35:38.267Z','Acme','acme',1);
INSERT INTO chat_names VALUES(2,1,1,'simulated','2026-11-28T12:35:38.267Z','Globex','globex',1);
INSERT INTO chat_names VALUES(3,1,1,'simulated','2026-11-28T12:35:38.267Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(4,1,1,'simulated','2026-11-28T12:35:38.267Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(5,2,1,'simulated','2026-11-28T12:35:38.267Z','Acme','acme',1);
INSERT INTO chat_names VALUES(6,2,1,'simulated','2026-11-28T12:35:38.267Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(7,2,1,'simulated','2026-11-28T12:35:38.267Z','Globex','globex',2);
INSERT INTO chat_names VALUES(8,2,1,'simulated','2026-11-28T12:35:38.267Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(9,2,1,'simulated','2026-11-28T12:35:38.267Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(10,2,1,'simulated','2026-11-28T12:35:38.267Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(11,3,2,'simulated','2026-11-28T15:14:30.576Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(12,3,2,'simulated','2026-11-28T15:14:30.576Z','Globex One','globex one',1);
INSERT INTO chat_names VALUES(13,3,2,'simulated','2026-11-28T15:14:30.576Z','Initech','initech',2);
INSERT INTO chat_names VALUES(14,3,2,'simulated','2026-11-28T15:14:30.576Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(15,3,2,'simulated','2026-11-28T15:14:30.576Z','Initech Pro','initech pro',1);
INSERT INTO chat_names VALUES(16,3,2,'simulated','2026-11-28T15:14:30.576Z','Umbrella','umbrella',2);
INSERT INTO chat_names VALUES(17,4,2,'simulated','2026-11-28T15:14:30.587Z','Umbrella','umbrella',1);
INSERT INTO chat_names VALUES(18,4,2,'simulated','2026-11-28T15:14:30.587Z','Stark Analytics','stark analytics',1);
INSERT INTO chat_names VALUES(19,4,2,'simulated','2026-11-28T15:14:30.587Z','Contoso Cloud','contoso cloud',1);
INSERT INTO chat_names VALUES(20,4,2,'simulated','2026-11-28T15:14:30.587Z','Hooli Stack','hooli stack',1);
INSERT INTO chat_names VALUES(21,5,2,'simulated','2026-11-28T15:14:30.595Z','Initech','initech',1);
INSERT INTO chat_names VALUES(22,5,2,'simulated','2026-11-28T15:14:30.595Z','Vandelay Tools','vandelay tools',1);
INSERT INTO chat_names VALUES(23,5,2,'simulated','2026-11-28T15:14:30.595Z','Umbrella Works','umbrella works',1);
INSERT INTO chat_names VALUES(24,5,2,'simulated','2026-11-28T15:14:30.595Z','Globex One','globex one',1);
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
    UPDATE group_weekly_names SET chats = group_weekly_names.chats - 1,
        mentions = group_weekly_names.mentions - old.mentions
    FROM chat_groups g
    WHERE g.chat_id = old.chat_id AND group_weekly_names.workspace_id = old.workspace_id
      AND group_weekly_names.group_key = g.group_key
      AND group_weekly_names.day = date(old.created_at, '-6 days', 'weekday 1')
      AND group_weekly_names.engine = old.engine AND group_weekly_names.name_key = old.name_key;
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
INSERT INTO chat_searches VALUES(1,2,1,1,'simulated','2026-11-28T12:35:38.267Z','best crm for startups');
INSERT INTO chat_searches VALUES(2,2,1,1,'simulated','2026-11-28T12:35:38.267Z','best crm for startups reviews');
INSERT INTO chat_searches VALUES(3,3,2,3,'simulated','2026-11-28T15:14:30.576Z','best office software 0');
INSERT INTO chat_searches VALUES(4,3,2,3,'simulated','2026-11-28T15:14:30.576Z','best office software 0 reviews in US');
INSERT INTO chat_searches VALUES(5,4,2,4,'simulated','2026-11-28T15:14:30.587Z','best office software 1');
INSERT INTO chat_searches VALUES(6,4,2,4,'simulated','2026-11-28T15:14:30.587Z','best office software 1 reviews');
INSERT INTO chat_searches VALUES(7,5,2,5,'simulated','2026-11-28T15:14:30.595Z','best office software 2');
INSERT INTO chat_searches VALUES(8,5,2,5,'simulated','2026-11-28T15:14:30.595Z','best office software 2 reviews in US');
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
INSERT INTO chat_sources VALUES(1,1,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-28T12:35:38.267Z',1,1,'acme.com','own');
INSERT INTO chat_sources VALUES(2,1,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-28T12:35:38.267Z',1,2,'globex.com','competitor');
INSERT INTO chat_sources VALUES(3,1,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-28T12:35:38.267Z',1,3,'hooli.example','other');
INSERT INTO chat_sources VALUES(4,2,1,'https://hn.algolia.com/?q=best%20crm%20for%20startups','algolia.com','Hacker News','simulated','2026-11-28T12:35:38.267Z',1,1,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(5,2,1,'https://www.capterra.com/compare/best%20crm%20for%20startups','capterra.com','Capterra comparisons','simulated','2026-11-28T12:35:38.267Z',1,2,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(6,2,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-28T12:35:38.267Z',1,3,'acme.com','own');
INSERT INTO chat_sources VALUES(7,2,1,'https://globex.com/','globex.com','globex.com','simulated','2026-11-28T12:35:38.267Z',1,4,'globex.com','competitor');
INSERT INTO chat_sources VALUES(8,2,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-28T12:35:38.267Z',1,5,'vandelay.example','other');
INSERT INTO chat_sources VALUES(9,2,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-28T12:35:38.267Z',1,6,'hooli.example','other');
INSERT INTO chat_sources VALUES(10,2,1,'https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups','wikipedia.org','Wikipedia','simulated','2026-11-28T12:35:38.267Z',0,NULL,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(11,3,2,'https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%200','wikipedia.org','Wikipedia','simulated','2026-11-28T15:14:30.576Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(12,3,2,'https://www.capterra.com/compare/best%20office%20software%200','capterra.com','Capterra comparisons','simulated','2026-11-28T15:14:30.576Z',1,2,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(13,3,2,'https://stark.example/','stark.example','stark.example','simulated','2026-11-28T15:14:30.576Z',1,3,'stark.example','other');
INSERT INTO chat_sources VALUES(14,3,2,'https://globex.example/','globex.example','globex.example','simulated','2026-11-28T15:14:30.576Z',1,4,'globex.example','other');
INSERT INTO chat_sources VALUES(15,3,2,'https://initech.com/','initech.com','initech.com','simulated','2026-11-28T15:14:30.576Z',1,5,'initech.com','own');
INSERT INTO chat_sources VALUES(16,3,2,'https://umbrella.com/','umbrella.com','umbrella.com','simulated','2026-11-28T15:14:30.576Z',1,6,'umbrella.com','competitor');
INSERT INTO chat_sources VALUES(17,3,2,'https://www.reddit.com/search/?q=best%20office%20software%200','reddit.com','Reddit discussion','simulated','2026-11-28T15:14:30.576Z',0,NULL,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(18,3,2,'https://hn.algolia.com/?q=best%20office%20software%200','algolia.com','Hacker News','simulated','2026-11-28T15:14:30.576Z',0,NULL,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(19,4,2,'https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%201','wikipedia.org','Wikipedia','simulated','2026-11-28T15:14:30.587Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(20,4,2,'https://hn.algolia.com/?q=best%20office%20software%201','algolia.com','Hacker News','simulated','2026-11-28T15:14:30.587Z',1,2,'hn.algolia.com','ugc');
INSERT INTO chat_sources VALUES(21,4,2,'https://umbrella.com/','umbrella.com','umbrella.com','simulated','2026-11-28T15:14:30.587Z',1,3,'umbrella.com','competitor');
INSERT INTO chat_sources VALUES(22,4,2,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-28T15:14:30.587Z',1,4,'contoso.example','other');
INSERT INTO chat_sources VALUES(23,4,2,'https://www.g2.com/categories/best%20office%20software%201','g2.com','G2 category reviews','simulated','2026-11-28T15:14:30.587Z',0,NULL,'g2.com','ugc');
INSERT INTO chat_sources VALUES(24,4,2,'https://www.capterra.com/compare/best%20office%20software%201','capterra.com','Capterra comparisons','simulated','2026-11-28T15:14:30.587Z',0,NULL,'capterra.com','ugc');
INSERT INTO chat_sources VALUES(25,5,2,'https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%202','wikipedia.org','Wikipedia','simulated','2026-11-28T15:14:30.595Z',1,1,'en.wikipedia.org','reference');
INSERT INTO chat_sources VALUES(26,5,2,'https://www.reddit.com/search/?q=best%20office%20software%202','reddit.com','Reddit discussion','simulated','2026-11-28T15:14:30.595Z',1,2,'reddit.com','ugc');
INSERT INTO chat_sources VALUES(27,5,2,'https://initech.com/','initech.com','initech.com','simulated','2026-11-28T15:14:30.595Z',1,3,'initech.com','own');
INSERT INTO chat_sources VALUES(28,5,2,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-28T15:14:30.595Z',1,4,'vandelay.example','other');
INSERT INTO chat_sources VALUES(29,5,2,'https://globex.example/','globex.example','globex.example','simulated','2026-11-28T15:14:30.595Z',1,5,'globex.example','other');
INSERT INTO chat_sources VALUES(30,5,2,'https://www.g2.com/categories/best%20office%20software%202','g2.com','G2 category reviews','simulated','2026-11-28T15:14:30.595Z',0,NULL,'g2.com','ugc');
INSERT INTO chat_sources VALUES(31,5,2,'https://www.capterra.com/compare/best%20office%20software%202','capterra.com','Capterra comparisons','simulated','2026-11-28T15:14:30.595Z',0,NULL,'capterra.com','ugc');
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
    -- the provider cut the answer short at its output limit (1; analytics can leave such
    -- chats out, truncated=false, or keep only them, truncated=true), and the model version
    -- it says answered (model is the one configured; NULL: the provider did not say)
    truncated INTEGER NOT NULL DEFAULT 0,
    model_version TEXT,
    sample       INTEGER NOT NULL DEFAULT 1 CHECK (sample BETWEEN 1 AND 10),
    UNIQUE (run_id, engine, sample)
) STRICT;
INSERT INTO chats VALUES(1,1,2,2,'acme vs globex','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look in US:

1. **Acme**: the usual pick for larger organisations. See [acme.com](https://acme.com/).
2. **Globex**: the usual pick for larger organisations. See [globex.com](https://globex.com/).
3. **Hooli Stack**: criticised for slow support and confusing pricing. See [hooli.example](https://hooli.example/).
4. **Umbrella Works**: fast to set up, with a generous free tier.','[]','{"inputTokens": 4, "outputTokens": 118, "cachedInputTokens": null, "cacheWriteInputTokens": null, "searches": 0}',0,'2026-11-28T12:35:38.267Z','[]','[]','not_searched',0.0,1,1,'vader',NULL,NULL,NULL,0,'simulated-1',1);
INSERT INTO chats VALUES(2,1,1,1,'best crm for startups','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look:

1. **Acme**: strong on integrations and reporting. See [acme.com](https://acme.com/).
2. **Initech Pro**: strong on integrations and reporting.
3. **Globex**: fast to set up, with a generous free tier. See [globex.com](https://globex.com/).
4. **Vandelay Tools**: strong on integrations and reporting. See [vandelay.example](https://vandelay.example/).
5. **Hooli Stack**: praised for excellent support and documentation. See [hooli.example](https://hooli.example/).
6. **Globex One**: often called clunky and hard to learn.

Compare reviews on https://hn.algolia.com/?q=best%20crm%20for%20startups before you decide.','[{"url": "https://hn.algolia.com/?q=best%20crm%20for%20startups", "title": "Hacker News"}, {"url": "https://www.capterra.com/compare/best%20crm%20for%20startups", "title": "Capterra comparisons"}]','{"inputTokens": 6, "outputTokens": 180, "cachedInputTokens": null, "cacheWriteInputTokens": null, "searches": 2}',0,'2026-11-28T12:35:38.267Z','[]','["best crm for startups", "best crm for startups reviews"]','searched',0.0,1,1,'vader',NULL,NULL,NULL,0,'simulated-1',1);
INSERT INTO chats VALUES(3,2,3,3,'best office software 0','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look in US:

1. **Stark Analytics**: popular with small teams for its pricing. See [stark.example](https://stark.example/).
2. **Globex One**: a solid all-rounder with a gentle learning curve. See [globex.example](https://globex.example/).
3. **Initech**: often called clunky and hard to learn. See [initech.com](https://initech.com/).
4. **Umbrella Works**: the usual pick for larger organisations.
5. **Initech Pro**: popular with small teams for its pricing.
6. **Umbrella**: sold in three editions. See [umbrella.com](https://umbrella.com/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%200 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%200", "title": "Wikipedia"}, {"url": "https://www.capterra.com/compare/best%20office%20software%200", "title": "Capterra comparisons"}]','{"inputTokens": 6, "outputTokens": 190, "cachedInputTokens": null, "cacheWriteInputTokens": null, "searches": 2}',0,'2026-11-28T15:14:30.576Z','[]','["best office software 0", "best office software 0 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL,0,'simulated-1',1);
INSERT INTO chats VALUES(4,2,4,4,'best office software 1','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look:

1. **Umbrella**: often called clunky and hard to learn. See [umbrella.com](https://umbrella.com/).
2. **Stark Analytics**: often called clunky and hard to learn.
3. **Contoso Cloud**: popular with small teams for its pricing. See [contoso.example](https://contoso.example/).
4. **Hooli Stack**: sold in three editions.

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%201 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%201", "title": "Wikipedia"}, {"url": "https://hn.algolia.com/?q=best%20office%20software%201", "title": "Hacker News"}]','{"inputTokens": 6, "outputTokens": 135, "cachedInputTokens": null, "cacheWriteInputTokens": null, "searches": 2}',0,'2026-11-28T15:14:30.587Z','[]','["best office software 1", "best office software 1 reviews"]','searched',0.0,0,1,'vader',NULL,NULL,NULL,0,'simulated-1',1);
INSERT INTO chats VALUES(5,2,5,5,'best office software 2','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look in US:

1. **Initech**: criticised for slow support and confusing pricing. See [initech.com](https://initech.com/).
2. **Vandelay Tools**: sold in three editions. See [vandelay.example](https://vandelay.example/).
3. **Umbrella Works**: a tool that many teams use for this.
4. **Globex One**: often called clunky and hard to learn. See [globex.example](https://globex.example/).

Compare reviews on https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%202 before you decide.','[{"url": "https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%202", "title": "Wikipedia"}, {"url": "https://www.reddit.com/search/?q=best%20office%20software%202", "title": "Reddit discussion"}]','{"inputTokens": 6, "outputTokens": 150, "cachedInputTokens": null, "cacheWriteInputTokens": null, "searches": 2}',0,'2026-11-28T15:14:30.595Z','[]','["best office software 2", "best office software 2 reviews in US"]','searched',0.0,1,1,'vader',NULL,NULL,NULL,0,'simulated-1',1);
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
CREATE INDEX chats_location ON chats (workspace_id, location, created_at);
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
CREATE INDEX chats_truncated ON chats (workspace_id, created_at) WHERE truncated;
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
CREATE INDEX chats_workspace_created ON chats (workspace_id, created_at);

-- Table  correlation_estimates
DROP TABLE IF EXISTS correlation_estimates;
CREATE TABLE correlation_estimates (
    workspace_id INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    chats        INTEGER NOT NULL,
    estimated_at TEXT NOT NULL
) STRICT;
INSERT INTO correlation_estimates VALUES(1,2,'2026-11-28T12:35:38.597Z');
INSERT INTO correlation_estimates VALUES(2,3,'2026-11-28T15:14:30.599Z');

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
INSERT INTO daily_brands VALUES(1,'2026-11-28','simulated',1,2,2,2,0.5106,2,1,1,0);
INSERT INTO daily_brands VALUES(1,'2026-11-28','simulated',2,2,4,2,0.3311,2,1,1,0);
INSERT INTO daily_brands VALUES(2,'2026-11-28','simulated',3,2,2,2,-0.09060000000000001,2,1,0,1);
INSERT INTO daily_brands VALUES(2,'2026-11-28','simulated',4,3,5,2,-0.1027,3,0,2,1);

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
INSERT INTO daily_categories VALUES(1,'2026-11-28','simulated','competitor',2,2,2);
INSERT INTO daily_categories VALUES(1,'2026-11-28','simulated','other',3,2,2);
INSERT INTO daily_categories VALUES(1,'2026-11-28','simulated','own',2,2,2);
INSERT INTO daily_categories VALUES(1,'2026-11-28','simulated','reference',0,0,1);
INSERT INTO daily_categories VALUES(1,'2026-11-28','simulated','ugc',2,1,1);
INSERT INTO daily_categories VALUES(2,'2026-11-28','simulated','competitor',2,2,2);
INSERT INTO daily_categories VALUES(2,'2026-11-28','simulated','other',5,3,3);
INSERT INTO daily_categories VALUES(2,'2026-11-28','simulated','own',2,2,2);
INSERT INTO daily_categories VALUES(2,'2026-11-28','simulated','reference',3,3,3);
INSERT INTO daily_categories VALUES(2,'2026-11-28','simulated','ugc',3,3,3);

-- Table  daily_chats
DROP TABLE IF EXISTS daily_chats;
CREATE TABLE daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_chats VALUES(1,'2026-11-28','simulated',2);
INSERT INTO daily_chats VALUES(2,'2026-11-28','simulated',3);

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
INSERT INTO daily_domains VALUES(1,'2026-11-28','simulated','acme.com',2,2,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-28','simulated','algolia.com',1,1,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-28','simulated','capterra.com',1,1,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-28','simulated','globex.com',2,2,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-28','simulated','hooli.example',2,2,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z',2);
INSERT INTO daily_domains VALUES(1,'2026-11-28','simulated','vandelay.example',1,1,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z',1);
INSERT INTO daily_domains VALUES(1,'2026-11-28','simulated','wikipedia.org',0,0,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z',1);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','algolia.com',1,1,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.587Z',2);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','capterra.com',1,1,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z',3);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','contoso.example',1,1,'2026-11-28T15:14:30.587Z','2026-11-28T15:14:30.587Z',1);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','g2.com',0,0,'2026-11-28T15:14:30.587Z','2026-11-28T15:14:30.595Z',2);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','globex.example',2,2,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z',2);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','initech.com',2,2,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z',2);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','reddit.com',1,1,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z',2);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','stark.example',1,1,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.576Z',1);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','umbrella.com',2,2,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.587Z',2);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','vandelay.example',1,1,'2026-11-28T15:14:30.595Z','2026-11-28T15:14:30.595Z',1);
INSERT INTO daily_domains VALUES(2,'2026-11-28','simulated','wikipedia.org',3,3,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z',3);

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
INSERT INTO daily_gap_brands VALUES(2,'algolia.com','2026-11-28','simulated',4,1);
INSERT INTO daily_gap_brands VALUES(2,'contoso.example','2026-11-28','simulated',4,1);
INSERT INTO daily_gap_brands VALUES(2,'umbrella.com','2026-11-28','simulated',4,1);
INSERT INTO daily_gap_brands VALUES(2,'wikipedia.org','2026-11-28','simulated',4,1);

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
INSERT INTO daily_gap_domains VALUES(2,'2026-11-28','simulated','algolia.com',1,1);
INSERT INTO daily_gap_domains VALUES(2,'2026-11-28','simulated','contoso.example',1,1);
INSERT INTO daily_gap_domains VALUES(2,'2026-11-28','simulated','umbrella.com',1,1);
INSERT INTO daily_gap_domains VALUES(2,'2026-11-28','simulated','wikipedia.org',1,1);

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
INSERT INTO daily_names VALUES(1,'2026-11-28','simulated','acme',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-28','simulated','globex',2,3);
INSERT INTO daily_names VALUES(1,'2026-11-28','simulated','globex one',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-28','simulated','hooli stack',2,2);
INSERT INTO daily_names VALUES(1,'2026-11-28','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-28','simulated','umbrella works',1,1);
INSERT INTO daily_names VALUES(1,'2026-11-28','simulated','vandelay tools',1,1);
INSERT INTO daily_names VALUES(2,'2026-11-28','simulated','contoso cloud',1,1);
INSERT INTO daily_names VALUES(2,'2026-11-28','simulated','globex one',2,2);
INSERT INTO daily_names VALUES(2,'2026-11-28','simulated','hooli stack',1,1);
INSERT INTO daily_names VALUES(2,'2026-11-28','simulated','initech',2,3);
INSERT INTO daily_names VALUES(2,'2026-11-28','simulated','initech pro',1,1);
INSERT INTO daily_names VALUES(2,'2026-11-28','simulated','stark analytics',2,2);
INSERT INTO daily_names VALUES(2,'2026-11-28','simulated','umbrella',2,3);
INSERT INTO daily_names VALUES(2,'2026-11-28','simulated','umbrella works',2,2);
INSERT INTO daily_names VALUES(2,'2026-11-28','simulated','vandelay tools',1,1);

-- Table  dashboard_sessions
DROP TABLE IF EXISTS dashboard_sessions;
CREATE TABLE dashboard_sessions (
    token_hash  BLOB PRIMARY KEY,
    api_key_id  INTEGER NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    csrf_token  TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL
) STRICT, WITHOUT ROWID;
INSERT INTO dashboard_sessions VALUES(X'A93F8EE819206B139E9C3FA5C52AF508C0A87F65264454873524D33FBA0C8C3B',1,'Tdu10B_rKHLiA10J4yy8_1JG-5gFEeE0mNUbf13RNN0','2026-11-28T12:35:45.744Z','2026-11-29T00:35:45.744Z');
-- Triggers and indices on  dashboard_sessions
CREATE INDEX dashboard_sessions_expires ON dashboard_sessions (expires_at);
CREATE INDEX dashboard_sessions_key ON dashboard_sessions (api_key_id);

-- Table  data_revision
DROP TABLE IF EXISTS data_revision;
CREATE TABLE data_revision (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    revision INTEGER NOT NULL
) STRICT;
INSERT INTO data_revision VALUES(1,44);

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
INSERT INTO domain_weekly_urls VALUES(1,'acme.com','2026-11-23','simulated','','https://acme.com/','acme.com',1,1);
INSERT INTO domain_weekly_urls VALUES(1,'acme.com','2026-11-23','simulated','US','https://acme.com/','acme.com',1,1);
INSERT INTO domain_weekly_urls VALUES(1,'algolia.com','2026-11-23','simulated','','https://hn.algolia.com/?q=best%20crm%20for%20startups','hn.algolia.com',1,1);
INSERT INTO domain_weekly_urls VALUES(1,'capterra.com','2026-11-23','simulated','','https://www.capterra.com/compare/best%20crm%20for%20startups','capterra.com',1,1);
INSERT INTO domain_weekly_urls VALUES(1,'globex.com','2026-11-23','simulated','','https://globex.com/','globex.com',1,1);
INSERT INTO domain_weekly_urls VALUES(1,'globex.com','2026-11-23','simulated','US','https://globex.com/','globex.com',1,1);
INSERT INTO domain_weekly_urls VALUES(1,'hooli.example','2026-11-23','simulated','','https://hooli.example/','hooli.example',1,1);
INSERT INTO domain_weekly_urls VALUES(1,'hooli.example','2026-11-23','simulated','US','https://hooli.example/','hooli.example',1,1);
INSERT INTO domain_weekly_urls VALUES(1,'vandelay.example','2026-11-23','simulated','','https://vandelay.example/','vandelay.example',1,1);
INSERT INTO domain_weekly_urls VALUES(1,'wikipedia.org','2026-11-23','simulated','','https://en.wikipedia.org/wiki/Special:Search?search=best%20crm%20for%20startups','en.wikipedia.org',0,1);
INSERT INTO domain_weekly_urls VALUES(2,'algolia.com','2026-11-23','simulated','','https://hn.algolia.com/?q=best%20office%20software%201','hn.algolia.com',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'algolia.com','2026-11-23','simulated','US','https://hn.algolia.com/?q=best%20office%20software%200','hn.algolia.com',0,1);
INSERT INTO domain_weekly_urls VALUES(2,'capterra.com','2026-11-23','simulated','','https://www.capterra.com/compare/best%20office%20software%201','capterra.com',0,1);
INSERT INTO domain_weekly_urls VALUES(2,'capterra.com','2026-11-23','simulated','US','https://www.capterra.com/compare/best%20office%20software%200','capterra.com',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'capterra.com','2026-11-23','simulated','US','https://www.capterra.com/compare/best%20office%20software%202','capterra.com',0,1);
INSERT INTO domain_weekly_urls VALUES(2,'contoso.example','2026-11-23','simulated','','https://contoso.example/','contoso.example',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'g2.com','2026-11-23','simulated','','https://www.g2.com/categories/best%20office%20software%201','g2.com',0,1);
INSERT INTO domain_weekly_urls VALUES(2,'g2.com','2026-11-23','simulated','US','https://www.g2.com/categories/best%20office%20software%202','g2.com',0,1);
INSERT INTO domain_weekly_urls VALUES(2,'globex.example','2026-11-23','simulated','US','https://globex.example/','globex.example',2,2);
INSERT INTO domain_weekly_urls VALUES(2,'initech.com','2026-11-23','simulated','US','https://initech.com/','initech.com',2,2);
INSERT INTO domain_weekly_urls VALUES(2,'reddit.com','2026-11-23','simulated','US','https://www.reddit.com/search/?q=best%20office%20software%200','reddit.com',0,1);
INSERT INTO domain_weekly_urls VALUES(2,'reddit.com','2026-11-23','simulated','US','https://www.reddit.com/search/?q=best%20office%20software%202','reddit.com',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'stark.example','2026-11-23','simulated','US','https://stark.example/','stark.example',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'umbrella.com','2026-11-23','simulated','','https://umbrella.com/','umbrella.com',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'umbrella.com','2026-11-23','simulated','US','https://umbrella.com/','umbrella.com',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'vandelay.example','2026-11-23','simulated','US','https://vandelay.example/','vandelay.example',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'wikipedia.org','2026-11-23','simulated','','https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%201','en.wikipedia.org',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'wikipedia.org','2026-11-23','simulated','US','https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%200','en.wikipedia.org',1,1);
INSERT INTO domain_weekly_urls VALUES(2,'wikipedia.org','2026-11-23','simulated','US','https://en.wikipedia.org/wiki/Special:Search?search=best%20office%20software%202','en.wikipedia.org',1,1);

-- Table  engine_calls
DROP TABLE IF EXISTS engine_calls;
CREATE TABLE engine_calls (
    engine TEXT NOT NULL,
    day    TEXT NOT NULL,
    calls  INTEGER NOT NULL,
    PRIMARY KEY (engine, day)
) STRICT, WITHOUT ROWID;
INSERT INTO engine_calls VALUES('simulated','2026-11-28',5);

-- Table  engine_outcomes
DROP TABLE IF EXISTS engine_outcomes;
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
INSERT INTO engine_outcomes VALUES(1,'simulated','2026-11-28T12:35:38.267Z','succeeded','2026-11-28T12:35:38.267Z',NULL,NULL,'2026-11-28',0);
INSERT INTO engine_outcomes VALUES(2,'simulated','2026-11-28T15:14:30.595Z','succeeded','2026-11-28T15:14:30.595Z',NULL,NULL,'2026-11-28',0);
-- Triggers and indices on  engine_outcomes
CREATE INDEX engine_outcomes_latest ON engine_outcomes (engine, last_call_at);

-- Table  figure_correlations
DROP TABLE IF EXISTS figure_correlations;
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
INSERT INTO figure_correlations VALUES(1,1,'shareOfVoice',0.0,0.0,0.3333333333333333,2.0,1.0,1.0);
INSERT INTO figure_correlations VALUES(1,2,'shareOfVoice',0.0,0.0,0.3333333333333333,2.0,1.0,1.0);
INSERT INTO figure_correlations VALUES(2,3,'shareOfVoice',0.0,0.0,0.3,1.6666666666666667,1.0,1.08);
INSERT INTO figure_correlations VALUES(2,4,'shareOfVoice',0.0,0.0,0.30000000000000004,1.6666666666666667,1.0,1.08);

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
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','competitor',2,2,2);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','other',3,2,2);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','own',2,2,2);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','reference',0,0,1);
INSERT INTO group_weekly_categories VALUES(1,'all','2026-11-23','simulated','ugc',2,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 0','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 0','2026-11-23','simulated','other',2,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 0','2026-11-23','simulated','own',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 0','2026-11-23','simulated','reference',0,0,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 0','2026-11-23','simulated','ugc',2,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 1','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 1','2026-11-23','simulated','other',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 1','2026-11-23','simulated','own',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 1 location US','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 1 location US','2026-11-23','simulated','other',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'branded 1 location US','2026-11-23','simulated','own',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-23','simulated','other',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'location US','2026-11-23','simulated','own',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','other',2,1,1);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','own',1,1,1);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','reference',0,0,1);
INSERT INTO group_weekly_categories VALUES(1,'tag 1','2026-11-23','simulated','ugc',2,1,1);
INSERT INTO group_weekly_categories VALUES(2,'all','2026-11-23','simulated','competitor',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'all','2026-11-23','simulated','other',5,3,3);
INSERT INTO group_weekly_categories VALUES(2,'all','2026-11-23','simulated','own',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'all','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(2,'all','2026-11-23','simulated','ugc',3,3,3);
INSERT INTO group_weekly_categories VALUES(2,'branded 0','2026-11-23','simulated','competitor',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'branded 0','2026-11-23','simulated','other',5,3,3);
INSERT INTO group_weekly_categories VALUES(2,'branded 0','2026-11-23','simulated','own',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'branded 0','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(2,'branded 0','2026-11-23','simulated','ugc',3,3,3);
INSERT INTO group_weekly_categories VALUES(2,'branded 0 location US','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(2,'branded 0 location US','2026-11-23','simulated','other',4,2,2);
INSERT INTO group_weekly_categories VALUES(2,'branded 0 location US','2026-11-23','simulated','own',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'branded 0 location US','2026-11-23','simulated','reference',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'branded 0 location US','2026-11-23','simulated','ugc',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'location US','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(2,'location US','2026-11-23','simulated','other',4,2,2);
INSERT INTO group_weekly_categories VALUES(2,'location US','2026-11-23','simulated','own',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'location US','2026-11-23','simulated','reference',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'location US','2026-11-23','simulated','ugc',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'tag 2','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(2,'tag 2','2026-11-23','simulated','other',4,2,2);
INSERT INTO group_weekly_categories VALUES(2,'tag 2','2026-11-23','simulated','own',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'tag 2','2026-11-23','simulated','reference',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'tag 2','2026-11-23','simulated','ugc',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'tag 2 location US','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(2,'tag 2 location US','2026-11-23','simulated','other',4,2,2);
INSERT INTO group_weekly_categories VALUES(2,'tag 2 location US','2026-11-23','simulated','own',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'tag 2 location US','2026-11-23','simulated','reference',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'tag 2 location US','2026-11-23','simulated','ugc',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'tag 3','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(2,'tag 3','2026-11-23','simulated','other',1,1,1);
INSERT INTO group_weekly_categories VALUES(2,'tag 3','2026-11-23','simulated','reference',1,1,1);
INSERT INTO group_weekly_categories VALUES(2,'tag 3','2026-11-23','simulated','ugc',1,1,1);
INSERT INTO group_weekly_categories VALUES(2,'topic 2','2026-11-23','simulated','competitor',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'topic 2','2026-11-23','simulated','other',5,3,3);
INSERT INTO group_weekly_categories VALUES(2,'topic 2','2026-11-23','simulated','own',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'topic 2','2026-11-23','simulated','reference',3,3,3);
INSERT INTO group_weekly_categories VALUES(2,'topic 2','2026-11-23','simulated','ugc',3,3,3);
INSERT INTO group_weekly_categories VALUES(2,'topic 2 location US','2026-11-23','simulated','competitor',1,1,1);
INSERT INTO group_weekly_categories VALUES(2,'topic 2 location US','2026-11-23','simulated','other',4,2,2);
INSERT INTO group_weekly_categories VALUES(2,'topic 2 location US','2026-11-23','simulated','own',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'topic 2 location US','2026-11-23','simulated','reference',2,2,2);
INSERT INTO group_weekly_categories VALUES(2,'topic 2 location US','2026-11-23','simulated','ugc',2,2,2);

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
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','acme.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','algolia.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','capterra.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','globex.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','hooli.example',2,2,2);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'all','2026-11-23','simulated','wikipedia.org',0,0,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 0','2026-11-23','simulated','acme.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 0','2026-11-23','simulated','algolia.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 0','2026-11-23','simulated','capterra.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 0','2026-11-23','simulated','globex.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 0','2026-11-23','simulated','hooli.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 0','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 0','2026-11-23','simulated','wikipedia.org',0,0,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 1','2026-11-23','simulated','acme.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 1','2026-11-23','simulated','globex.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 1','2026-11-23','simulated','hooli.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 1 location US','2026-11-23','simulated','acme.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 1 location US','2026-11-23','simulated','globex.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'branded 1 location US','2026-11-23','simulated','hooli.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','acme.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','globex.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'location US','2026-11-23','simulated','hooli.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','acme.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','algolia.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','capterra.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','globex.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','hooli.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(1,'tag 1','2026-11-23','simulated','wikipedia.org',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','algolia.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','capterra.com',1,1,3);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','contoso.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','g2.com',0,0,2);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','globex.example',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','initech.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','reddit.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','stark.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','umbrella.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'all','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','algolia.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','capterra.com',1,1,3);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','contoso.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','g2.com',0,0,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','globex.example',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','initech.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','reddit.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','stark.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','umbrella.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'branded 0','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','algolia.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','capterra.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','g2.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','globex.example',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','initech.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','reddit.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','stark.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','umbrella.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'branded 0 location US','2026-11-23','simulated','wikipedia.org',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','algolia.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','capterra.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','g2.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','globex.example',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','initech.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','reddit.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','stark.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','umbrella.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'location US','2026-11-23','simulated','wikipedia.org',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','algolia.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','capterra.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','g2.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','globex.example',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','initech.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','reddit.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','stark.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','umbrella.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2','2026-11-23','simulated','wikipedia.org',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','algolia.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','capterra.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','g2.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','globex.example',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','initech.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','reddit.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','stark.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','umbrella.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 2 location US','2026-11-23','simulated','wikipedia.org',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'tag 3','2026-11-23','simulated','algolia.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 3','2026-11-23','simulated','capterra.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 3','2026-11-23','simulated','contoso.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 3','2026-11-23','simulated','g2.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 3','2026-11-23','simulated','umbrella.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'tag 3','2026-11-23','simulated','wikipedia.org',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','algolia.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','capterra.com',1,1,3);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','contoso.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','g2.com',0,0,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','globex.example',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','initech.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','reddit.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','stark.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','umbrella.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'topic 2','2026-11-23','simulated','wikipedia.org',3,3,3);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','algolia.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','capterra.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','g2.com',0,0,1);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','globex.example',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','initech.com',2,2,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','reddit.com',1,1,2);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','stark.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','umbrella.com',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','vandelay.example',1,1,1);
INSERT INTO group_weekly_domains VALUES(2,'topic 2 location US','2026-11-23','simulated','wikipedia.org',2,2,2);

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
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','acme',2,2);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','globex',2,3);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','globex one',1,1);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','hooli stack',2,2);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','umbrella works',1,1);
INSERT INTO group_weekly_names VALUES(1,'all','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 0','2026-11-23','simulated','acme',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 0','2026-11-23','simulated','globex',1,2);
INSERT INTO group_weekly_names VALUES(1,'branded 0','2026-11-23','simulated','globex one',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 0','2026-11-23','simulated','hooli stack',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 0','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 0','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 1','2026-11-23','simulated','acme',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 1','2026-11-23','simulated','globex',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 1','2026-11-23','simulated','hooli stack',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 1','2026-11-23','simulated','umbrella works',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 1 location US','2026-11-23','simulated','acme',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 1 location US','2026-11-23','simulated','globex',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 1 location US','2026-11-23','simulated','hooli stack',1,1);
INSERT INTO group_weekly_names VALUES(1,'branded 1 location US','2026-11-23','simulated','umbrella works',1,1);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','acme',1,1);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','globex',1,1);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','hooli stack',1,1);
INSERT INTO group_weekly_names VALUES(1,'location US','2026-11-23','simulated','umbrella works',1,1);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','acme',1,1);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','globex',1,2);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','globex one',1,1);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','hooli stack',1,1);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(1,'tag 1','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(2,'all','2026-11-23','simulated','contoso cloud',1,1);
INSERT INTO group_weekly_names VALUES(2,'all','2026-11-23','simulated','globex one',2,2);
INSERT INTO group_weekly_names VALUES(2,'all','2026-11-23','simulated','hooli stack',1,1);
INSERT INTO group_weekly_names VALUES(2,'all','2026-11-23','simulated','initech',2,3);
INSERT INTO group_weekly_names VALUES(2,'all','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(2,'all','2026-11-23','simulated','stark analytics',2,2);
INSERT INTO group_weekly_names VALUES(2,'all','2026-11-23','simulated','umbrella',2,3);
INSERT INTO group_weekly_names VALUES(2,'all','2026-11-23','simulated','umbrella works',2,2);
INSERT INTO group_weekly_names VALUES(2,'all','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(2,'branded 0','2026-11-23','simulated','contoso cloud',1,1);
INSERT INTO group_weekly_names VALUES(2,'branded 0','2026-11-23','simulated','globex one',2,2);
INSERT INTO group_weekly_names VALUES(2,'branded 0','2026-11-23','simulated','hooli stack',1,1);
INSERT INTO group_weekly_names VALUES(2,'branded 0','2026-11-23','simulated','initech',2,3);
INSERT INTO group_weekly_names VALUES(2,'branded 0','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(2,'branded 0','2026-11-23','simulated','stark analytics',2,2);
INSERT INTO group_weekly_names VALUES(2,'branded 0','2026-11-23','simulated','umbrella',2,3);
INSERT INTO group_weekly_names VALUES(2,'branded 0','2026-11-23','simulated','umbrella works',2,2);
INSERT INTO group_weekly_names VALUES(2,'branded 0','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(2,'branded 0 location US','2026-11-23','simulated','globex one',2,2);
INSERT INTO group_weekly_names VALUES(2,'branded 0 location US','2026-11-23','simulated','initech',2,3);
INSERT INTO group_weekly_names VALUES(2,'branded 0 location US','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(2,'branded 0 location US','2026-11-23','simulated','stark analytics',1,1);
INSERT INTO group_weekly_names VALUES(2,'branded 0 location US','2026-11-23','simulated','umbrella',1,2);
INSERT INTO group_weekly_names VALUES(2,'branded 0 location US','2026-11-23','simulated','umbrella works',2,2);
INSERT INTO group_weekly_names VALUES(2,'branded 0 location US','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(2,'location US','2026-11-23','simulated','globex one',2,2);
INSERT INTO group_weekly_names VALUES(2,'location US','2026-11-23','simulated','initech',2,3);
INSERT INTO group_weekly_names VALUES(2,'location US','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(2,'location US','2026-11-23','simulated','stark analytics',1,1);
INSERT INTO group_weekly_names VALUES(2,'location US','2026-11-23','simulated','umbrella',1,2);
INSERT INTO group_weekly_names VALUES(2,'location US','2026-11-23','simulated','umbrella works',2,2);
INSERT INTO group_weekly_names VALUES(2,'location US','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 2','2026-11-23','simulated','globex one',2,2);
INSERT INTO group_weekly_names VALUES(2,'tag 2','2026-11-23','simulated','initech',2,3);
INSERT INTO group_weekly_names VALUES(2,'tag 2','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 2','2026-11-23','simulated','stark analytics',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 2','2026-11-23','simulated','umbrella',1,2);
INSERT INTO group_weekly_names VALUES(2,'tag 2','2026-11-23','simulated','umbrella works',2,2);
INSERT INTO group_weekly_names VALUES(2,'tag 2','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 2 location US','2026-11-23','simulated','globex one',2,2);
INSERT INTO group_weekly_names VALUES(2,'tag 2 location US','2026-11-23','simulated','initech',2,3);
INSERT INTO group_weekly_names VALUES(2,'tag 2 location US','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 2 location US','2026-11-23','simulated','stark analytics',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 2 location US','2026-11-23','simulated','umbrella',1,2);
INSERT INTO group_weekly_names VALUES(2,'tag 2 location US','2026-11-23','simulated','umbrella works',2,2);
INSERT INTO group_weekly_names VALUES(2,'tag 2 location US','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 3','2026-11-23','simulated','contoso cloud',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 3','2026-11-23','simulated','hooli stack',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 3','2026-11-23','simulated','stark analytics',1,1);
INSERT INTO group_weekly_names VALUES(2,'tag 3','2026-11-23','simulated','umbrella',1,1);
INSERT INTO group_weekly_names VALUES(2,'topic 2','2026-11-23','simulated','contoso cloud',1,1);
INSERT INTO group_weekly_names VALUES(2,'topic 2','2026-11-23','simulated','globex one',2,2);
INSERT INTO group_weekly_names VALUES(2,'topic 2','2026-11-23','simulated','hooli stack',1,1);
INSERT INTO group_weekly_names VALUES(2,'topic 2','2026-11-23','simulated','initech',2,3);
INSERT INTO group_weekly_names VALUES(2,'topic 2','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(2,'topic 2','2026-11-23','simulated','stark analytics',2,2);
INSERT INTO group_weekly_names VALUES(2,'topic 2','2026-11-23','simulated','umbrella',2,3);
INSERT INTO group_weekly_names VALUES(2,'topic 2','2026-11-23','simulated','umbrella works',2,2);
INSERT INTO group_weekly_names VALUES(2,'topic 2','2026-11-23','simulated','vandelay tools',1,1);
INSERT INTO group_weekly_names VALUES(2,'topic 2 location US','2026-11-23','simulated','globex one',2,2);
INSERT INTO group_weekly_names VALUES(2,'topic 2 location US','2026-11-23','simulated','initech',2,3);
INSERT INTO group_weekly_names VALUES(2,'topic 2 location US','2026-11-23','simulated','initech pro',1,1);
INSERT INTO group_weekly_names VALUES(2,'topic 2 location US','2026-11-23','simulated','stark analytics',1,1);
INSERT INTO group_weekly_names VALUES(2,'topic 2 location US','2026-11-23','simulated','umbrella',1,2);
INSERT INTO group_weekly_names VALUES(2,'topic 2 location US','2026-11-23','simulated','umbrella works',2,2);
INSERT INTO group_weekly_names VALUES(2,'topic 2 location US','2026-11-23','simulated','vandelay tools',1,1);

-- Table  idempotency_keys
DROP TABLE IF EXISTS idempotency_keys;
CREATE TABLE "idempotency_keys" (
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
INSERT INTO idempotency_keys VALUES(1,'fill-1',X'5DBDC28B885433EF79C45BF2194737F68847EE7AE15EBA2DC3B3F5FAB1BB2398',201,X'7B2273756363657373223A747275652C2264617461223A7B2263726561746564223A322C226661696C6564223A302C2270726F6D707473223A5B7B226964223A312C2274657874223A22626573742063726D20666F72207374617274757073222C22737461747573223A22616374697665222C226C6F636174696F6E223A6E756C6C2C226272616E646564223A66616C73652C22776F726B73706163654964223A312C22746F7069634964223A6E756C6C2C226C6173745363686564756C65644174223A22323032362D31312D32385431323A33353A33372E3632395A222C22637265617465644174223A22323032362D31312D32385431323A33353A33372E3632395A222C22757064617465644174223A22323032362D31312D32385431323A33353A33372E3632395A222C2273616D706C657350657252756E223A6E756C6C2C22746F706963223A6E756C6C2C2274616773223A5B7B226964223A312C226E616D65223A22636F7265222C22636F6C6F72223A22626C7565222C22686578436F6C6F72223A2223336238326636222C22776F726B73706163654964223A312C22637265617465644174223A22323032362D31312D32385431323A33353A33372E3632335A222C22757064617465644174223A22323032362D31312D32385431323A33353A33372E3632335A227D5D2C226C61737452756E223A7B227374617465223A22717565756564222C226174223A22323032362D31312D32385431323A33353A33372E3632395A222C22617474656D707473223A302C226E657874417474656D70744174223A22323032362D31312D32385431323A33353A33372E3632395A222C226572726F72223A6E756C6C7D7D2C7B226964223A322C2274657874223A2261636D6520767320676C6F626578222C22737461747573223A22616374697665222C226C6F636174696F6E223A225553222C226272616E646564223A747275652C22776F726B73706163654964223A312C22746F7069634964223A6E756C6C2C226C6173745363686564756C65644174223A22323032362D31312D32385431323A33353A33372E3632395A222C22637265617465644174223A22323032362D31312D32385431323A33353A33372E3632395A222C22757064617465644174223A22323032362D31312D32385431323A33353A33372E3632395A222C2273616D706C657350657252756E223A6E756C6C2C22746F706963223A6E756C6C2C2274616773223A5B5D2C226C61737452756E223A7B227374617465223A22717565756564222C226174223A22323032362D31312D32385431323A33353A33372E3632395A222C22617474656D707473223A302C226E657874417474656D70744174223A22323032362D31312D32385431323A33353A33372E3632395A222C226572726F72223A6E756C6C7D7D5D2C226572726F7273223A5B5D7D2C226D657373616765223A22322070726F6D70747320637265617465642C2030206661696C6564227D',NULL,'2026-11-28T12:35:37.631Z');
INSERT INTO idempotency_keys VALUES(2,'freeze-1.0.1',X'676382B632E49496CD95B30BBDA2230DF581D4887FF5E06A676A91E2614CB9FD',201,X'7B2273756363657373223A747275652C2264617461223A7B2263726561746564223A332C226661696C6564223A302C2270726F6D707473223A5B7B226964223A332C2274657874223A2262657374206F666669636520736F6674776172652030222C22737461747573223A22616374697665222C226C6F636174696F6E223A225553222C226272616E646564223A66616C73652C22776F726B73706163654964223A322C22746F7069634964223A322C226C6173745363686564756C65644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22637265617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22757064617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C2273616D706C657350657252756E223A6E756C6C2C22746F706963223A7B226964223A322C226E616D65223A224F6666696365222C22776F726B73706163654964223A322C22637265617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22757064617465644174223A22323032362D31312D32385431353A31343A33302E3335385A227D2C2274616773223A5B7B226964223A322C226E616D65223A227430222C22636F6C6F72223A2267726179222C22686578436F6C6F72223A2223366237323830222C22776F726B73706163654964223A322C22637265617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22757064617465644174223A22323032362D31312D32385431353A31343A33302E3335385A227D5D2C226C61737452756E223A7B227374617465223A22717565756564222C226174223A22323032362D31312D32385431353A31343A33302E3335385A222C22617474656D707473223A302C226E657874417474656D70744174223A22323032362D31312D32385431353A31343A33302E3335385A222C226572726F72223A6E756C6C7D7D2C7B226964223A342C2274657874223A2262657374206F666669636520736F6674776172652031222C22737461747573223A22616374697665222C226C6F636174696F6E223A6E756C6C2C226272616E646564223A66616C73652C22776F726B73706163654964223A322C22746F7069634964223A322C226C6173745363686564756C65644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22637265617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22757064617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C2273616D706C657350657252756E223A6E756C6C2C22746F706963223A7B226964223A322C226E616D65223A224F6666696365222C22776F726B73706163654964223A322C22637265617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22757064617465644174223A22323032362D31312D32385431353A31343A33302E3335385A227D2C2274616773223A5B7B226964223A332C226E616D65223A227431222C22636F6C6F72223A2267726179222C22686578436F6C6F72223A2223366237323830222C22776F726B73706163654964223A322C22637265617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22757064617465644174223A22323032362D31312D32385431353A31343A33302E3335385A227D5D2C226C61737452756E223A7B227374617465223A22717565756564222C226174223A22323032362D31312D32385431353A31343A33302E3335385A222C22617474656D707473223A302C226E657874417474656D70744174223A22323032362D31312D32385431353A31343A33302E3335385A222C226572726F72223A6E756C6C7D7D2C7B226964223A352C2274657874223A2262657374206F666669636520736F6674776172652032222C22737461747573223A22616374697665222C226C6F636174696F6E223A225553222C226272616E646564223A66616C73652C22776F726B73706163654964223A322C22746F7069634964223A322C226C6173745363686564756C65644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22637265617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22757064617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C2273616D706C657350657252756E223A6E756C6C2C22746F706963223A7B226964223A322C226E616D65223A224F6666696365222C22776F726B73706163654964223A322C22637265617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22757064617465644174223A22323032362D31312D32385431353A31343A33302E3335385A227D2C2274616773223A5B7B226964223A322C226E616D65223A227430222C22636F6C6F72223A2267726179222C22686578436F6C6F72223A2223366237323830222C22776F726B73706163654964223A322C22637265617465644174223A22323032362D31312D32385431353A31343A33302E3335385A222C22757064617465644174223A22323032362D31312D32385431353A31343A33302E3335385A227D5D2C226C61737452756E223A7B227374617465223A22717565756564222C226174223A22323032362D31312D32385431353A31343A33302E3335385A222C22617474656D707473223A302C226E657874417474656D70744174223A22323032362D31312D32385431353A31343A33302E3335385A222C226572726F72223A6E756C6C7D7D5D2C226572726F7273223A5B5D7D2C226D657373616765223A22332070726F6D70747320637265617465642C2030206661696C6564227D',NULL,'2026-11-28T15:14:30.354Z');
-- Triggers and indices on  idempotency_keys
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Table  last_models
DROP TABLE IF EXISTS last_models;
CREATE TABLE last_models (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    engine       TEXT NOT NULL,
    facet        TEXT NOT NULL,
    value        TEXT NOT NULL,
    PRIMARY KEY (workspace_id, engine, facet)
) STRICT, WITHOUT ROWID;
INSERT INTO last_models VALUES(1,'simulated','model','simulated-1');
INSERT INTO last_models VALUES(1,'simulated','version','simulated-1');
INSERT INTO last_models VALUES(2,'simulated','model','simulated-1');
INSERT INTO last_models VALUES(2,'simulated','version','simulated-1');

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
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-28','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO location_daily_brands VALUES(1,'US','2026-11-28','simulated',2,1,2,1,0.0,1,0,1,0);
INSERT INTO location_daily_brands VALUES(2,'US','2026-11-28','simulated',3,2,2,2,-0.09060000000000001,2,1,0,1);
INSERT INTO location_daily_brands VALUES(2,'US','2026-11-28','simulated',4,2,4,1,0.0,2,0,2,0);

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
INSERT INTO location_daily_chats VALUES(1,'US','2026-11-28','simulated',1);
INSERT INTO location_daily_chats VALUES(2,'US','2026-11-28','simulated',2);

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
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-28','simulated','acme.com',1,1,1,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-28','simulated','globex.com',1,1,1,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z');
INSERT INTO location_daily_domains VALUES(1,'US','2026-11-28','simulated','hooli.example',1,1,1,'2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.267Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','algolia.com',0,0,1,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.576Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','capterra.com',1,1,2,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','g2.com',0,0,1,'2026-11-28T15:14:30.595Z','2026-11-28T15:14:30.595Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','globex.example',2,2,2,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','initech.com',2,2,2,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','reddit.com',1,1,2,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','stark.example',1,1,1,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.576Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','umbrella.com',1,1,1,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.576Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','vandelay.example',1,1,1,'2026-11-28T15:14:30.595Z','2026-11-28T15:14:30.595Z');
INSERT INTO location_daily_domains VALUES(2,'US','2026-11-28','simulated','wikipedia.org',2,2,2,'2026-11-28T15:14:30.576Z','2026-11-28T15:14:30.595Z');

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
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-23','simulated',2,1,1,1,1,0.0,1,0,1,0);
INSERT INTO location_weekly_brands VALUES(1,'US','2026-11-23','simulated',2,2,1,2,1,0.0,1,0,1,0);
INSERT INTO location_weekly_brands VALUES(2,'US','2026-11-23','simulated',3,3,1,1,1,0.1594,1,1,0,0);
INSERT INTO location_weekly_brands VALUES(2,'US','2026-11-23','simulated',3,4,1,2,1,0.0,1,0,1,0);
INSERT INTO location_weekly_brands VALUES(2,'US','2026-11-23','simulated',5,3,1,1,1,-0.25,1,0,0,1);
INSERT INTO location_weekly_brands VALUES(2,'US','2026-11-23','simulated',5,4,1,2,0,0.0,1,0,1,0);

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
INSERT INTO location_weekly_prompts VALUES(1,'US','2026-11-23','simulated',2,1,1,1);
INSERT INTO location_weekly_prompts VALUES(2,'US','2026-11-23','simulated',3,1,1,1);
INSERT INTO location_weekly_prompts VALUES(2,'US','2026-11-23','simulated',5,1,1,1);

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
INSERT INTO organizations VALUES(1,'Default','self-hosted','active',1,'2026-11-28T12:35:37.583Z','2026-11-28T12:35:37.583Z');
INSERT INTO organizations VALUES(2,'Release 1.0.1','self-hosted','active',1,'2026-11-28T15:14:30.342Z','2026-11-28T15:14:30.342Z');
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
INSERT INTO prompt_counts VALUES(1,'active',2);
INSERT INTO prompt_counts VALUES(2,'active',3);

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
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-28','simulated',1,1,1,1,0.5106,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,1,'2026-11-28','simulated',2,1,2,1,0.3311,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-28','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(1,2,'2026-11-28','simulated',2,1,2,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(2,3,'2026-11-28','simulated',3,1,1,1,0.1594,1,1,0,0);
INSERT INTO prompt_daily_brands VALUES(2,3,'2026-11-28','simulated',4,1,2,1,0.0,1,0,1,0);
INSERT INTO prompt_daily_brands VALUES(2,4,'2026-11-28','simulated',4,1,1,1,-0.1027,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(2,5,'2026-11-28','simulated',3,1,1,1,-0.25,1,0,0,1);
INSERT INTO prompt_daily_brands VALUES(2,5,'2026-11-28','simulated',4,1,2,0,0.0,1,0,1,0);

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
INSERT INTO prompt_daily_chats VALUES(1,1,'2026-11-28','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(1,2,'2026-11-28','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(2,3,'2026-11-28','simulated',1,1,1);
INSERT INTO prompt_daily_chats VALUES(2,4,'2026-11-28','simulated',1,0,1);
INSERT INTO prompt_daily_chats VALUES(2,5,'2026-11-28','simulated',1,1,1);

-- Table  prompt_groups
DROP TABLE IF EXISTS prompt_groups;
CREATE TABLE prompt_groups (
    prompt_id INTEGER NOT NULL,
    group_key TEXT NOT NULL,
    PRIMARY KEY (prompt_id, group_key)
) STRICT, WITHOUT ROWID;
INSERT INTO prompt_groups VALUES(1,'branded 0');
INSERT INTO prompt_groups VALUES(1,'tag 1');
INSERT INTO prompt_groups VALUES(2,'branded 1');
INSERT INTO prompt_groups VALUES(3,'branded 0');
INSERT INTO prompt_groups VALUES(3,'tag 2');
INSERT INTO prompt_groups VALUES(3,'topic 2');
INSERT INTO prompt_groups VALUES(4,'branded 0');
INSERT INTO prompt_groups VALUES(4,'tag 3');
INSERT INTO prompt_groups VALUES(4,'topic 2');
INSERT INTO prompt_groups VALUES(5,'branded 0');
INSERT INTO prompt_groups VALUES(5,'tag 2');
INSERT INTO prompt_groups VALUES(5,'topic 2');

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
INSERT INTO prompt_tags VALUES(3,2);
INSERT INTO prompt_tags VALUES(5,2);
INSERT INTO prompt_tags VALUES(4,3);
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
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-23','simulated',1,1,1,1,0.5106,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,1,'2026-11-23','simulated',2,1,2,1,0.3311,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(1,2,'2026-11-23','simulated',1,1,1,1,0.0,1,0,1,0);
INSERT INTO prompt_weekly_brands VALUES(1,2,'2026-11-23','simulated',2,1,2,1,0.0,1,0,1,0);
INSERT INTO prompt_weekly_brands VALUES(2,3,'2026-11-23','simulated',3,1,1,1,0.1594,1,1,0,0);
INSERT INTO prompt_weekly_brands VALUES(2,3,'2026-11-23','simulated',4,1,2,1,0.0,1,0,1,0);
INSERT INTO prompt_weekly_brands VALUES(2,4,'2026-11-23','simulated',4,1,1,1,-0.1027,1,0,0,1);
INSERT INTO prompt_weekly_brands VALUES(2,5,'2026-11-23','simulated',3,1,1,1,-0.25,1,0,0,1);
INSERT INTO prompt_weekly_brands VALUES(2,5,'2026-11-23','simulated',4,1,2,0,0.0,1,0,1,0);

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
INSERT INTO prompt_weekly_chats VALUES(1,1,'2026-11-23','simulated',1,1,1);
INSERT INTO prompt_weekly_chats VALUES(1,2,'2026-11-23','simulated',1,1,1);
INSERT INTO prompt_weekly_chats VALUES(2,3,'2026-11-23','simulated',1,1,1);
INSERT INTO prompt_weekly_chats VALUES(2,4,'2026-11-23','simulated',1,0,1);
INSERT INTO prompt_weekly_chats VALUES(2,5,'2026-11-23','simulated',1,1,1);

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
    -- 1 when the text names an active tracked brand (a name or tracked name, as a whole
    -- word): worked out when the text changes, and again by the brand refresh (brand_refresh)
    branded           INTEGER NOT NULL DEFAULT 0,
    dedupe_key        TEXT NOT NULL,
    last_scheduled_at TEXT,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL,
    -- the prompt's own samples per run; NULL: the workspace's
    samples_per_run   INTEGER CHECK (samples_per_run BETWEEN 1 AND 10)
) STRICT;
INSERT INTO prompts VALUES(1,1,'best crm for startups','active',NULL,NULL,0,'best crm for startups','2026-11-28T12:35:37.629Z','2026-11-28T12:35:37.629Z','2026-11-28T12:35:37.629Z',NULL);
INSERT INTO prompts VALUES(2,1,'acme vs globex','active','US',NULL,1,'acme vs globexus','2026-11-28T12:35:37.629Z','2026-11-28T12:35:37.629Z','2026-11-28T12:35:37.629Z',NULL);
INSERT INTO prompts VALUES(3,2,'best office software 0','active','US',2,0,'best office software 0us','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z',NULL);
INSERT INTO prompts VALUES(4,2,'best office software 1','active',NULL,2,0,'best office software 1','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z',NULL);
INSERT INTO prompts VALUES(5,2,'best office software 2','active','US',2,0,'best office software 2us','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z',NULL);
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
CREATE TRIGGER prompts_group_update AFTER UPDATE OF topic_id, branded ON prompts
WHEN new.topic_id IS NOT old.topic_id OR new.branded IS NOT old.branded BEGIN
    INSERT INTO prompt_regroup (prompt_id, workspace_id) SELECT new.id, new.workspace_id
    WHERE NOT EXISTS (SELECT 1 FROM prompt_regroup WHERE prompt_id = new.id);
END;
CREATE INDEX prompts_schedule ON prompts (status, last_scheduled_at);
CREATE INDEX prompts_topic ON prompts (topic_id);
CREATE INDEX prompts_workspace ON prompts (workspace_id);
CREATE INDEX prompts_workspace_branded ON prompts (workspace_id, branded);
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
INSERT INTO prompts_fts_data VALUES(1,X'055B');
INSERT INTO prompts_fts_data VALUES(10,X'000000000105050005010101020101030101040101050101');
INSERT INTO prompts_fts_data VALUES(137438953473,X'0000009404302063720102060202666F01020A0202737401020E01036172740102110103626573010202010363726D01020701036573740102030103666F7201020B01036D206601020901036F722001020C010372207301020D02026D2001020802027475010212010373742001020403016101020F01037420630102050202617201021002027570010213010375707301021404080707080808080808080807070806080707');
INSERT INTO prompts_fts_data VALUES(274877906945,X'00000063043020676C02020902027673020206010361636D020202010362657802020D0103636D6502020301036520760202050103676C6F02020A01036C6F6202020B01036D652002020401036F626502020C01037320670202080103767320020207040807080808080808080808');
INSERT INTO prompts_fts_data VALUES(412316860417,X'0000009A0430206F660302060202736F03020D01036172650302130103626573030202010363652003020B010365203003021503017303020C0202737403020301036666690302080202696303020902027477030210010369636503020A01036F666603020703017403020F01037265200302140103736F6603020E02027420030204010374206F0302050202776103021101037761720302120408070808080806070807070808060808070807');
INSERT INTO prompts_fts_data VALUES(549755813889,X'0000009A0430206F660402060202736F04020D01036172650402130103626573040202010363652004020B010365203104021503017304020C0202737404020301036666690402080202696304020902027477040210010369636504020A01036F666604020703017404020F01037265200402140103736F6604020E02027420040204010374206F0402050202776104021101037761720402120408070808080806070807070808060808070807');
INSERT INTO prompts_fts_data VALUES(687194767361,X'0000009A0430206F660502060202736F05020D01036172650502130103626573050202010363652005020B010365203205021503017305020C0202737405020301036666690502080202696305020902027477050210010369636505020A01036F666605020703017405020F01037265200502140103736F6605020E02027420050204010374206F0502050202776105021101037761720502120408070808080806070807070808060808070807');

-- Table  prompts_fts_docsize
DROP TABLE IF EXISTS prompts_fts_docsize;
CREATE TABLE 'prompts_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
INSERT INTO prompts_fts_docsize VALUES(1,X'13');
INSERT INTO prompts_fts_docsize VALUES(2,X'0C');
INSERT INTO prompts_fts_docsize VALUES(3,X'14');
INSERT INTO prompts_fts_docsize VALUES(4,X'14');
INSERT INTO prompts_fts_docsize VALUES(5,X'14');

-- Table  prompts_fts_idx
DROP TABLE IF EXISTS prompts_fts_idx;
CREATE TABLE 'prompts_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
INSERT INTO prompts_fts_idx VALUES(1,X'',2);
INSERT INTO prompts_fts_idx VALUES(2,X'',2);
INSERT INTO prompts_fts_idx VALUES(3,X'',2);
INSERT INTO prompts_fts_idx VALUES(4,X'',2);
INSERT INTO prompts_fts_idx VALUES(5,X'',2);

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
INSERT INTO runs VALUES(1,1,1,'done','2026-11-28T12:35:37.629Z','2026-11-28T12:35:37.629Z',1,NULL,NULL,NULL,'2026-11-28T12:35:37.629Z','2026-11-28T12:35:38.267Z');
INSERT INTO runs VALUES(2,1,2,'done','2026-11-28T12:35:37.629Z','2026-11-28T12:35:37.629Z',1,NULL,NULL,NULL,'2026-11-28T12:35:37.629Z','2026-11-28T12:35:38.267Z');
INSERT INTO runs VALUES(3,2,3,'done','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z',1,NULL,NULL,NULL,'2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.576Z');
INSERT INTO runs VALUES(4,2,4,'done','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z',1,NULL,NULL,NULL,'2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.587Z');
INSERT INTO runs VALUES(5,2,5,'done','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z',1,NULL,NULL,NULL,'2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.595Z');
-- Triggers and indices on  runs
CREATE INDEX runs_claimable ON runs (state, not_before) WHERE state IN ('queued', 'running');
CREATE INDEX runs_prompt_state ON runs (prompt_id, state);
CREATE INDEX runs_workspace ON runs (workspace_id, prompt_id);

-- Table  signal_scans
DROP TABLE IF EXISTS signal_scans;
CREATE TABLE signal_scans (
    workspace_id INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL
) STRICT;
INSERT INTO signal_scans VALUES(1,'2026-11-28');
INSERT INTO signal_scans VALUES(2,'2026-11-28');

-- Table  signals
DROP TABLE IF EXISTS signals;
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
-- Triggers and indices on  signals
CREATE INDEX signals_key ON signals (workspace_id, key, last_seen_at);
CREATE INDEX signals_workspace ON signals (workspace_id, detected_at);

-- Table  source_categories
DROP TABLE IF EXISTS source_categories;
CREATE TABLE source_categories (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    domain       TEXT NOT NULL,
    category     TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (workspace_id, domain)
) STRICT, WITHOUT ROWID;

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
INSERT INTO tags VALUES(1,1,'core','core','blue',1,'2026-11-28T12:35:37.623Z','2026-11-28T12:35:37.623Z',X'CC812769641331476E616D6547636F726557636F6C6F7247626C756587686578436F6C6F727723336238326636B7776F726B73706163654964133197637265617465644174C718323032362D31312D32385431323A33353A33372E3632335A97757064617465644174C718323032362D31312D32385431323A33353A33372E3632335A');
INSERT INTO tags VALUES(2,2,'t0','t0','gray',2,'2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z',X'CC7F2769641332476E616D6527743057636F6C6F72476772617987686578436F6C6F727723366237323830B7776F726B73706163654964133297637265617465644174C718323032362D31312D32385431353A31343A33302E3335385A97757064617465644174C718323032362D31312D32385431353A31343A33302E3335385A');
INSERT INTO tags VALUES(3,2,'t1','t1','gray',1,'2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z',X'CC7F2769641333476E616D6527743157636F6C6F72476772617987686578436F6C6F727723366237323830B7776F726B73706163654964133297637265617465644174C718323032362D31312D32385431353A31343A33302E3335385A97757064617465644174C718323032362D31312D32385431353A31343A33302E3335385A');
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
INSERT INTO topics VALUES(1,1,'Pricing','pricing','2026-11-28T12:35:37.618Z','2026-11-28T12:35:37.618Z',X'CC682769641331476E616D657750726963696E67B7776F726B73706163654964133197637265617465644174C718323032362D31312D32385431323A33353A33372E3631385A97757064617465644174C718323032362D31312D32385431323A33353A33372E3631385A');
INSERT INTO topics VALUES(2,2,'Office','office','2026-11-28T15:14:30.358Z','2026-11-28T15:14:30.358Z',X'CC672769641332476E616D65674F6666696365B7776F726B73706163654964133297637265617465644174C718323032362D31312D32385431353A31343A33302E3335385A97757064617465644174C718323032362D31312D32385431353A31343A33302E3335385A');
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

-- Table  traffic_daily
DROP TABLE IF EXISTS traffic_daily;
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
INSERT INTO traffic_daily VALUES(1,'2026-11-27','acme.com','/page0','human','','','','ChatGPT',1,'2026-11-27T10:00:00.000Z');
INSERT INTO traffic_daily VALUES(1,'2026-11-27','acme.com','/page1','human','','','','ChatGPT',1,'2026-11-27T10:01:00.000Z');
INSERT INTO traffic_daily VALUES(1,'2026-11-27','acme.com','/page2','human','','','','ChatGPT',1,'2026-11-27T10:02:00.000Z');
INSERT INTO traffic_daily VALUES(1,'2026-11-27','acme.com','/page3','human','','','','ChatGPT',1,'2026-11-27T10:03:00.000Z');
INSERT INTO traffic_daily VALUES(1,'2026-11-27','acme.com','/page4','human','','','','ChatGPT',1,'2026-11-27T10:04:00.000Z');
INSERT INTO traffic_daily VALUES(2,'2026-11-27','initech.com','/pricing','ai-training','GPTBot','OpenAI','spoofed','',20,'2026-11-27T10:00:19.000Z');

-- Table  traffic_ranges
DROP TABLE IF EXISTS traffic_ranges;
CREATE TABLE traffic_ranges (
    name          TEXT PRIMARY KEY,
    url           TEXT NOT NULL,
    creation_time TEXT,
    prefixes      TEXT NOT NULL,
    fetched_at    TEXT NOT NULL
) STRICT;

-- Table  traffic_robots
DROP TABLE IF EXISTS traffic_robots;
CREATE TABLE "traffic_robots" (
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
INSERT INTO traffic_robots VALUES(1,'acme.com','User-agent: GPTBot
Disallow: /private
','upload','2026-11-28T12:35:37.642Z',NULL);
INSERT INTO traffic_robots VALUES(2,'initech.com','User-agent: GPTBot
Disallow: /private
','upload','2026-11-28T15:14:30.610Z','{"GPTBot": true, "OAI-SearchBot": true, "ChatGPT-User": true, "ClaudeBot": true, "Claude-SearchBot": true, "Claude-User": true, "PerplexityBot": true, "Perplexity-User": true, "MistralAI-User": true, "CCBot": true, "Bytespider": true, "meta-externalagent": true, "meta-externalfetcher": true, "Amazonbot": true, "cohere-training-data-crawler": true, "AI2Bot": true, "DuckAssistBot": true, "YouBot": true, "Google-Extended": true, "Applebot-Extended": true}');

-- Table  traffic_settings
DROP TABLE IF EXISTS traffic_settings;
CREATE TABLE traffic_settings (
    workspace_id   INTEGER PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    retention_days INTEGER NOT NULL
) STRICT;

-- Table  traffic_sources
DROP TABLE IF EXISTS traffic_sources;
CREATE TABLE traffic_sources (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    source       TEXT NOT NULL,
    bytes_read   INTEGER NOT NULL,
    lines_read   INTEGER NOT NULL,
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (workspace_id, source)
) STRICT, WITHOUT ROWID;
INSERT INTO traffic_sources VALUES(1,'sha256:1b4aec10967c9badd345e8249aaf336c',560,5,'2026-11-28T12:35:37.716Z');
INSERT INTO traffic_sources VALUES(2,'sha256:a7ed6709cc91615f8def9781b9f80038:2890',2890,20,'2026-11-28T15:14:30.630Z');

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
INSERT INTO webhook_deliveries VALUES(1,1,1,'evt_d8752b02891d86e5cf9e239a','run.completed',X'7B226964223A226576745F643837353262303238393164383665356366396532333961222C2274797065223A2272756E2E636F6D706C65746564222C22637265617465644174223A22323032362D31312D32385431323A33353A33382E3236375A222C22776F726B73706163654964223A312C2264617461223A7B2272756E223A7B226964223A322C227374617465223A22646F6E65222C22617474656D707473223A312C226572726F72223A6E756C6C7D2C2270726F6D7074223A7B226964223A322C2274657874223A2261636D6520767320676C6F626578222C226C6F636174696F6E223A225553227D2C226368617473223A5B7B226964223A312C22656E67696E65223A2273696D756C61746564222C226D6F64656C223A2273696D756C617465642D31222C22637265617465644174223A22323032362D31312D32385431323A33353A33382E3236375A222C226369746564536F7572636573223A332C226D656E74696F6E73223A5B7B226272616E644964223A312C226272616E644E616D65223A2241636D65222C22706F736974696F6E223A312C226369746564223A747275657D2C7B226272616E644964223A322C226272616E644E616D65223A22476C6F626578222C22706F736974696F6E223A322C226369746564223A747275657D5D7D5D7D7D','pending',1,'2026-11-28T12:36:08.610Z',NULL,'cannot resolve example.com: Name or service not known','2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.610Z');
INSERT INTO webhook_deliveries VALUES(2,1,1,'evt_090446408e54765f6b46dc49','run.completed',X'7B226964223A226576745F303930343436343038653534373635663662343664633439222C2274797065223A2272756E2E636F6D706C65746564222C22637265617465644174223A22323032362D31312D32385431323A33353A33382E3236375A222C22776F726B73706163654964223A312C2264617461223A7B2272756E223A7B226964223A312C227374617465223A22646F6E65222C22617474656D707473223A312C226572726F72223A6E756C6C7D2C2270726F6D7074223A7B226964223A312C2274657874223A22626573742063726D20666F72207374617274757073222C226C6F636174696F6E223A6E756C6C7D2C226368617473223A5B7B226964223A322C22656E67696E65223A2273696D756C61746564222C226D6F64656C223A2273696D756C617465642D31222C22637265617465644174223A22323032362D31312D32385431323A33353A33382E3236375A222C226369746564536F7572636573223A362C226D656E74696F6E73223A5B7B226272616E644964223A312C226272616E644E616D65223A2241636D65222C22706F736974696F6E223A312C226369746564223A747275657D2C7B226272616E644964223A322C226272616E644E616D65223A22476C6F626578222C22706F736974696F6E223A322C226369746564223A747275657D5D7D5D7D7D','pending',1,'2026-11-28T12:36:08.616Z',NULL,'cannot resolve example.com: Name or service not known','2026-11-28T12:35:38.267Z','2026-11-28T12:35:38.616Z');
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
INSERT INTO webhooks VALUES(1,1,'https://example.com/hook','["run.completed"]','whsec_ce6e2fa0774aa7b9a44ee60efc17db66cea1d41338e088a7','active',NULL,'2026-11-28T12:35:37.636Z','2026-11-28T12:35:37.636Z');
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
    updated_at      TEXT NOT NULL,
    -- how many times each run asks each engine (PATCH /workspace samplesPerRun)
    samples_per_run INTEGER NOT NULL DEFAULT 1 CHECK (samples_per_run BETWEEN 1 AND 10),
    -- the signals' false discovery rate and window (PATCH /workspace signalsFdr and
    -- signalsWindowDays; tracker.py, "Signals")
    signals_fdr     REAL NOT NULL DEFAULT 0.1 CHECK (signals_fdr BETWEEN 0.001 AND 0.5),
    signals_window_days INTEGER NOT NULL DEFAULT 7 CHECK (signals_window_days BETWEEN 1 AND 30)
) STRICT;
INSERT INTO workspaces VALUES(1,1,'Default','2026-11-28T12:35:37.583Z','2026-11-28T12:35:37.583Z',1,0.1,7);
INSERT INTO workspaces VALUES(2,2,'Release 1.0.1','2026-11-28T15:14:30.342Z','2026-11-28T15:14:30.342Z',1,0.1,7);
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
    SELECT prompt_id, 'tag ' || tag_id FROM prompt_tags
    UNION ALL
    SELECT id, 'branded ' || branded FROM prompts;
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
DELETE FROM main.sqlite_sequence WHERE name='annotations';
INSERT INTO main.sqlite_sequence VALUES ('annotations', 9);
DELETE FROM main.sqlite_sequence WHERE name='api_keys';
INSERT INTO main.sqlite_sequence VALUES ('api_keys', 2);
DELETE FROM main.sqlite_sequence WHERE name='brands';
INSERT INTO main.sqlite_sequence VALUES ('brands', 4);
DELETE FROM main.sqlite_sequence WHERE name='chats';
INSERT INTO main.sqlite_sequence VALUES ('chats', 5);
DELETE FROM main.sqlite_sequence WHERE name='organizations';
INSERT INTO main.sqlite_sequence VALUES ('organizations', 2);
DELETE FROM main.sqlite_sequence WHERE name='prompts';
INSERT INTO main.sqlite_sequence VALUES ('prompts', 5);
DELETE FROM main.sqlite_sequence WHERE name='runs';
INSERT INTO main.sqlite_sequence VALUES ('runs', 5);
DELETE FROM main.sqlite_sequence WHERE name='tags';
INSERT INTO main.sqlite_sequence VALUES ('tags', 3);
DELETE FROM main.sqlite_sequence WHERE name='topics';
INSERT INTO main.sqlite_sequence VALUES ('topics', 2);
DELETE FROM main.sqlite_sequence WHERE name='webhook_deliveries';
INSERT INTO main.sqlite_sequence VALUES ('webhook_deliveries', 2);
DELETE FROM main.sqlite_sequence WHERE name='webhooks';
INSERT INTO main.sqlite_sequence VALUES ('webhooks', 1);
DELETE FROM main.sqlite_sequence WHERE name='workspaces';
INSERT INTO main.sqlite_sequence VALUES ('workspaces', 2);

-- Database header
pragma user_version=13;

COMMIT TRANSACTION;

-- Restoring writable schema back to default
PRAGMA writable_schema=OFF;

-- We need to force SQLite to reread the schema because otherwise it doesn't
-- know that the virtual tables we inserted directly into sqlite_schema exist.
BEGIN;
CREATE TABLE no_such_table(x,y,z);
ROLLBACK;
