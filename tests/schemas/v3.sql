-- SQLite dump (by APSW 3.54.1.0)
-- SQLite version 3.54.1
-- Date: Mon Nov 23 02:53:53 2026
-- Tables like: (All)
-- Database: /tmp/v3src/v3.db
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
INSERT INTO api_keys VALUES(1,1,'default',X'1145530352E4F724B981AD001D85A716F098B20A59D206C051A106890DDD8812','trk_EZoZ','2Ihy','read,write',60,NULL,NULL,'2026-11-23T02:53:53.167Z');
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
INSERT INTO brands VALUES(1,1,'Acme','acme','["Acme CRM"]',NULL,0,'["acme.com"]',NULL,NULL,NULL,'active','own','#6b7280',1.0,'2026-11-23T02:53:53.287Z','2026-11-23T02:53:53.173Z','2026-11-23T02:53:53.173Z');
INSERT INTO brands VALUES(2,1,'Beta','beta','[]',NULL,0,'["beta.io"]',NULL,NULL,NULL,'active','competitor','#6b7280',1.0,'2026-11-23T02:53:53.287Z','2026-11-23T02:53:53.179Z','2026-11-23T02:53:53.179Z');
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
INSERT INTO chat_brands VALUES(1,1,1,2,2,1,'simulated','2026-11-23T02:53:53.199Z');
INSERT INTO chat_brands VALUES(1,2,1,1,1,0,'simulated','2026-11-23T02:53:53.199Z');
INSERT INTO chat_brands VALUES(2,1,1,1,2,1,'simulated','2026-11-23T02:53:53.215Z');
INSERT INTO chat_brands VALUES(2,2,1,2,1,0,'simulated','2026-11-23T02:53:53.215Z');
INSERT INTO chat_brands VALUES(3,1,1,2,1,0,'simulated','2026-11-23T02:53:53.227Z');
INSERT INTO chat_brands VALUES(3,2,1,1,2,1,'simulated','2026-11-23T02:53:53.227Z');
INSERT INTO chat_brands VALUES(4,1,1,2,1,0,'simulated','2026-11-23T02:53:53.243Z');
INSERT INTO chat_brands VALUES(4,2,1,1,2,1,'simulated','2026-11-23T02:53:53.243Z');
INSERT INTO chat_brands VALUES(5,1,1,2,1,0,'simulated','2026-11-23T02:53:53.259Z');
INSERT INTO chat_brands VALUES(5,2,1,1,1,0,'simulated','2026-11-23T02:53:53.259Z');
INSERT INTO chat_brands VALUES(6,1,1,1,2,1,'simulated','2026-11-23T02:53:53.279Z');
INSERT INTO chat_brands VALUES(6,2,1,2,1,0,'simulated','2026-11-23T02:53:53.279Z');
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
    UNIQUE (chat_id, url)
) STRICT;
INSERT INTO chat_sources VALUES(1,1,1,'https://hn.algolia.com/?q=Best%20CRM%200%3F','hn.algolia.com','Hacker News','simulated','2026-11-23T02:53:53.199Z');
INSERT INTO chat_sources VALUES(2,1,1,'https://www.g2.com/categories/Best%20CRM%200%3F','g2.com','G2 category reviews','simulated','2026-11-23T02:53:53.199Z');
INSERT INTO chat_sources VALUES(3,1,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T02:53:53.199Z');
INSERT INTO chat_sources VALUES(4,1,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-23T02:53:53.199Z');
INSERT INTO chat_sources VALUES(5,1,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-23T02:53:53.199Z');
INSERT INTO chat_sources VALUES(6,1,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-23T02:53:53.199Z');
INSERT INTO chat_sources VALUES(7,2,1,'https://www.capterra.com/compare/Best%20CRM%201%3F','capterra.com','Capterra comparisons','simulated','2026-11-23T02:53:53.215Z');
INSERT INTO chat_sources VALUES(8,2,1,'https://en.wikipedia.org/wiki/Special:Search?search=Best%20CRM%201%3F','en.wikipedia.org','Wikipedia','simulated','2026-11-23T02:53:53.215Z');
INSERT INTO chat_sources VALUES(9,2,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-23T02:53:53.215Z');
INSERT INTO chat_sources VALUES(10,2,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-23T02:53:53.215Z');
INSERT INTO chat_sources VALUES(11,3,1,'https://www.g2.com/categories/Best%20CRM%202%3F','g2.com','G2 category reviews','simulated','2026-11-23T02:53:53.227Z');
INSERT INTO chat_sources VALUES(12,3,1,'https://hn.algolia.com/?q=Best%20CRM%202%3F','hn.algolia.com','Hacker News','simulated','2026-11-23T02:53:53.227Z');
INSERT INTO chat_sources VALUES(13,3,1,'https://stark.example/','stark.example','stark.example','simulated','2026-11-23T02:53:53.227Z');
INSERT INTO chat_sources VALUES(14,3,1,'https://beta.io/','beta.io','beta.io','simulated','2026-11-23T02:53:53.227Z');
INSERT INTO chat_sources VALUES(15,3,1,'https://hooli.example/','hooli.example','hooli.example','simulated','2026-11-23T02:53:53.227Z');
INSERT INTO chat_sources VALUES(16,4,1,'https://www.g2.com/categories/Best%20CRM%203%3F','g2.com','G2 category reviews','simulated','2026-11-23T02:53:53.243Z');
INSERT INTO chat_sources VALUES(17,4,1,'https://www.capterra.com/compare/Best%20CRM%203%3F','capterra.com','Capterra comparisons','simulated','2026-11-23T02:53:53.243Z');
INSERT INTO chat_sources VALUES(18,4,1,'https://umbrella.example/','umbrella.example','umbrella.example','simulated','2026-11-23T02:53:53.243Z');
INSERT INTO chat_sources VALUES(19,4,1,'https://beta.io/','beta.io','beta.io','simulated','2026-11-23T02:53:53.243Z');
INSERT INTO chat_sources VALUES(20,4,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-23T02:53:53.243Z');
INSERT INTO chat_sources VALUES(21,5,1,'https://www.g2.com/categories/Best%20CRM%204%3F','g2.com','G2 category reviews','simulated','2026-11-23T02:53:53.259Z');
INSERT INTO chat_sources VALUES(22,5,1,'https://en.wikipedia.org/wiki/Special:Search?search=Best%20CRM%204%3F','en.wikipedia.org','Wikipedia','simulated','2026-11-23T02:53:53.259Z');
INSERT INTO chat_sources VALUES(23,5,1,'https://initech.example/','initech.example','initech.example','simulated','2026-11-23T02:53:53.259Z');
INSERT INTO chat_sources VALUES(24,5,1,'https://vandelay.example/','vandelay.example','vandelay.example','simulated','2026-11-23T02:53:53.259Z');
INSERT INTO chat_sources VALUES(25,6,1,'https://www.reddit.com/search/?q=Best%20CRM%205%3F','reddit.com','Reddit discussion','simulated','2026-11-23T02:53:53.279Z');
INSERT INTO chat_sources VALUES(26,6,1,'https://en.wikipedia.org/wiki/Special:Search?search=Best%20CRM%205%3F','en.wikipedia.org','Wikipedia','simulated','2026-11-23T02:53:53.279Z');
INSERT INTO chat_sources VALUES(27,6,1,'https://acme.com/','acme.com','acme.com','simulated','2026-11-23T02:53:53.279Z');
INSERT INTO chat_sources VALUES(28,6,1,'https://contoso.example/','contoso.example','contoso.example','simulated','2026-11-23T02:53:53.279Z');
INSERT INTO chat_sources VALUES(29,6,1,'https://northwind.example/','northwind.example','northwind.example','simulated','2026-11-23T02:53:53.279Z');
-- Triggers and indices on  chat_sources
CREATE INDEX chat_sources_chat_domain ON chat_sources (chat_id, domain);
CREATE TRIGGER chat_sources_daily_delete AFTER DELETE ON chat_sources BEGIN
    UPDATE daily_domains SET citations = citations - 1,
        chats = chats - NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = old.chat_id
                                    AND o.domain = old.domain),
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
                               last_seen)
    VALUES (new.workspace_id, substr(new.created_at, 1, 10), new.engine, new.domain, 1,
            NOT EXISTS (SELECT 1 FROM chat_sources o WHERE o.chat_id = new.chat_id
                        AND o.domain = new.domain AND o.id <> new.id),
            new.created_at, new.created_at)
    ON CONFLICT (workspace_id, day, engine, domain) DO UPDATE SET
        citations = citations + 1, chats = chats + excluded.chats,
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
    UNIQUE (run_id, engine)
) STRICT;
INSERT INTO chats VALUES(1,1,1,1,'Best CRM 0?','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “Best CRM 0?”:

1. **Beta**: a solid all-rounder with a gentle learning curve.
2. **Vandelay Tools**: fast to set up, with a generous free tier. See [vandelay.example](https://vandelay.example/).
3. **Northwind Suite**: praised for support and documentation. See [northwind.example](https://northwind.example/).
4. **Initech Pro**: the usual pick for larger organisations. See [initech.example](https://initech.example/).
5. **Acme**: strong on integrations and reporting. See [acme.com](https://acme.com/).

Compare reviews on https://hn.algolia.com/?q=Best%20CRM%200%3F before you decide.','[{"url": "https://hn.algolia.com/?q=Best%20CRM%200%3F", "title": "Hacker News"}, {"url": "https://www.g2.com/categories/Best%20CRM%200%3F", "title": "G2 category reviews"}]','{"promptTokens": 3, "completionTokens": 174}',0,'2026-11-23T02:53:53.199Z','[]');
INSERT INTO chats VALUES(2,1,2,2,'Best CRM 1?','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “Best CRM 1?” in US:

1. **Stark Analytics**: popular with small teams for its pricing. See [stark.example](https://stark.example/).
2. **Contoso Cloud**: fast to set up, with a generous free tier.
3. **Acme**: strong on integrations and reporting. See [acme.com](https://acme.com/).
4. **Beta**: the usual pick for larger organisations.
5. **Umbrella Works**: a solid all-rounder with a gentle learning curve.

Compare reviews on https://www.capterra.com/compare/Best%20CRM%201%3F before you decide.','[{"url": "https://www.capterra.com/compare/Best%20CRM%201%3F", "title": "Capterra comparisons"}, {"url": "https://en.wikipedia.org/wiki/Special:Search?search=Best%20CRM%201%3F", "title": "Wikipedia"}]','{"promptTokens": 3, "completionTokens": 151}',0,'2026-11-23T02:53:53.215Z','[]');
INSERT INTO chats VALUES(3,1,3,3,'Best CRM 2?','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “Best CRM 2?”:

1. **Stark Analytics**: strong on integrations and reporting. See [stark.example](https://stark.example/).
2. **Beta**: fast to set up, with a generous free tier. See [beta.io](https://beta.io/).
3. **Acme CRM**: popular with small teams for its pricing.
4. **Contoso Cloud**: the usual pick for larger organisations.
5. **Hooli Stack**: fast to set up, with a generous free tier. See [hooli.example](https://hooli.example/).

Compare reviews on https://www.g2.com/categories/Best%20CRM%202%3F before you decide.','[{"url": "https://www.g2.com/categories/Best%20CRM%202%3F", "title": "G2 category reviews"}, {"url": "https://hn.algolia.com/?q=Best%20CRM%202%3F", "title": "Hacker News"}]','{"promptTokens": 3, "completionTokens": 158}',0,'2026-11-23T02:53:53.227Z','[]');
INSERT INTO chats VALUES(4,1,4,4,'Best CRM 3?','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “Best CRM 3?” in US:

1. **Umbrella Works**: fast to set up, with a generous free tier. See [umbrella.example](https://umbrella.example/).
2. **Beta**: praised for support and documentation. See [beta.io](https://beta.io/).
3. **Acme CRM**: a solid all-rounder with a gentle learning curve.
4. **Initech Pro**: popular with small teams for its pricing. See [initech.example](https://initech.example/).

Compare reviews on https://www.g2.com/categories/Best%20CRM%203%3F before you decide.','[{"url": "https://www.g2.com/categories/Best%20CRM%203%3F", "title": "G2 category reviews"}, {"url": "https://www.capterra.com/compare/Best%20CRM%203%3F", "title": "Capterra comparisons"}]','{"promptTokens": 3, "completionTokens": 148}',0,'2026-11-23T02:53:53.243Z','[]');
INSERT INTO chats VALUES(5,1,5,5,'Best CRM 4?','simulated','simulated-1',NULL,'_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “Best CRM 4?”:

1. **Beta**: popular with small teams for its pricing.
2. **Initech Pro**: praised for support and documentation. See [initech.example](https://initech.example/).
3. **Acme CRM**: popular with small teams for its pricing.
4. **Vandelay Tools**: fast to set up, with a generous free tier. See [vandelay.example](https://vandelay.example/).

Compare reviews on https://www.g2.com/categories/Best%20CRM%204%3F before you decide.','[{"url": "https://www.g2.com/categories/Best%20CRM%204%3F", "title": "G2 category reviews"}, {"url": "https://en.wikipedia.org/wiki/Special:Search?search=Best%20CRM%204%3F", "title": "Wikipedia"}]','{"promptTokens": 3, "completionTokens": 136}',0,'2026-11-23T02:53:53.259Z','[]');
INSERT INTO chats VALUES(6,1,6,6,'Best CRM 5?','simulated','simulated-1','US','_Simulated answer from tracker''s offline engine; no AI was asked._

Here are options worth a look for “Best CRM 5?” in US:

1. **Acme CRM**: strong on integrations and reporting. See [acme.com](https://acme.com/).
2. **Beta**: popular with small teams for its pricing.
3. **Contoso Cloud**: praised for support and documentation. See [contoso.example](https://contoso.example/).
4. **Northwind Suite**: popular with small teams for its pricing. See [northwind.example](https://northwind.example/).
5. **Stark Analytics**: a solid all-rounder with a gentle learning curve.

Compare reviews on https://www.reddit.com/search/?q=Best%20CRM%205%3F before you decide.','[{"url": "https://www.reddit.com/search/?q=Best%20CRM%205%3F", "title": "Reddit discussion"}, {"url": "https://en.wikipedia.org/wiki/Special:Search?search=Best%20CRM%205%3F", "title": "Wikipedia"}]','{"promptTokens": 3, "completionTokens": 166}',0,'2026-11-23T02:53:53.279Z','[]');
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
INSERT INTO daily_brands VALUES(1,'2026-11-23','simulated',1,6,10,3);
INSERT INTO daily_brands VALUES(1,'2026-11-23','simulated',2,6,8,2);

-- Table  daily_chats
DROP TABLE IF EXISTS daily_chats;
CREATE TABLE daily_chats (
    workspace_id INTEGER NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    day          TEXT NOT NULL,
    engine       TEXT NOT NULL,
    chats        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, engine)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_chats VALUES(1,'2026-11-23','simulated',6);

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
    PRIMARY KEY (workspace_id, day, engine, domain)
) STRICT, WITHOUT ROWID;
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','acme.com',3,3,'2026-11-23T02:53:53.199Z','2026-11-23T02:53:53.279Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','beta.io',2,2,'2026-11-23T02:53:53.227Z','2026-11-23T02:53:53.243Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','capterra.com',2,2,'2026-11-23T02:53:53.215Z','2026-11-23T02:53:53.243Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','contoso.example',1,1,'2026-11-23T02:53:53.279Z','2026-11-23T02:53:53.279Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','en.wikipedia.org',3,3,'2026-11-23T02:53:53.215Z','2026-11-23T02:53:53.279Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','g2.com',4,4,'2026-11-23T02:53:53.199Z','2026-11-23T02:53:53.259Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','hn.algolia.com',2,2,'2026-11-23T02:53:53.199Z','2026-11-23T02:53:53.227Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','hooli.example',1,1,'2026-11-23T02:53:53.227Z','2026-11-23T02:53:53.227Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','initech.example',3,3,'2026-11-23T02:53:53.199Z','2026-11-23T02:53:53.259Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','northwind.example',2,2,'2026-11-23T02:53:53.199Z','2026-11-23T02:53:53.279Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','reddit.com',1,1,'2026-11-23T02:53:53.279Z','2026-11-23T02:53:53.279Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','stark.example',2,2,'2026-11-23T02:53:53.215Z','2026-11-23T02:53:53.227Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','umbrella.example',1,1,'2026-11-23T02:53:53.243Z','2026-11-23T02:53:53.243Z');
INSERT INTO daily_domains VALUES(1,'2026-11-23','simulated','vandelay.example',2,2,'2026-11-23T02:53:53.199Z','2026-11-23T02:53:53.259Z');

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
INSERT INTO organizations VALUES(1,'Frozen','self-hosted','active',1,'2026-11-23T02:53:53.157Z','2026-11-23T02:53:53.157Z');
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
INSERT INTO prompts VALUES(1,1,'Best CRM 0?','active',NULL,1,'best crm 0?','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z');
INSERT INTO prompts VALUES(2,1,'Best CRM 1?','active','US',1,'best crm 1?us','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z');
INSERT INTO prompts VALUES(3,1,'Best CRM 2?','active',NULL,1,'best crm 2?','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z');
INSERT INTO prompts VALUES(4,1,'Best CRM 3?','active','US',1,'best crm 3?us','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z');
INSERT INTO prompts VALUES(5,1,'Best CRM 4?','active',NULL,1,'best crm 4?','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z');
INSERT INTO prompts VALUES(6,1,'Best CRM 5?','active','US',1,'best crm 5?us','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z');
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
INSERT INTO prompts_fts_data VALUES(1,X'0636');
INSERT INTO prompts_fts_data VALUES(10,X'000000000106060006010101020101030101040101050101060101');
INSERT INTO prompts_fts_data VALUES(137438953473,X'0000004B043020303F01020A020263720102060103626573010202010363726D010207010365737401020301036D20300102090103726D2001020801037374200102040103742063010205040807080808080808');
INSERT INTO prompts_fts_data VALUES(274877906945,X'0000004B043020313F02020A020263720202060103626573020202010363726D020207010365737402020301036D20310202090103726D2002020801037374200202040103742063020205040807080808080808');
INSERT INTO prompts_fts_data VALUES(412316860417,X'0000004B043020323F03020A020263720302060103626573030202010363726D030207010365737403020301036D20320302090103726D2003020801037374200302040103742063030205040807080808080808');
INSERT INTO prompts_fts_data VALUES(549755813889,X'0000004B043020333F04020A020263720402060103626573040202010363726D040207010365737404020301036D20330402090103726D2004020801037374200402040103742063040205040807080808080808');
INSERT INTO prompts_fts_data VALUES(687194767361,X'0000004B043020343F05020A020263720502060103626573050202010363726D050207010365737405020301036D20340502090103726D2005020801037374200502040103742063050205040807080808080808');
INSERT INTO prompts_fts_data VALUES(824633720833,X'0000004B043020353F06020A020263720602060103626573060202010363726D060207010365737406020301036D20350602090103726D2006020801037374200602040103742063060205040807080808080808');

-- Table  prompts_fts_docsize
DROP TABLE IF EXISTS prompts_fts_docsize;
CREATE TABLE 'prompts_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
INSERT INTO prompts_fts_docsize VALUES(1,X'09');
INSERT INTO prompts_fts_docsize VALUES(2,X'09');
INSERT INTO prompts_fts_docsize VALUES(3,X'09');
INSERT INTO prompts_fts_docsize VALUES(4,X'09');
INSERT INTO prompts_fts_docsize VALUES(5,X'09');
INSERT INTO prompts_fts_docsize VALUES(6,X'09');

-- Table  prompts_fts_idx
DROP TABLE IF EXISTS prompts_fts_idx;
CREATE TABLE 'prompts_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
INSERT INTO prompts_fts_idx VALUES(1,X'',2);
INSERT INTO prompts_fts_idx VALUES(2,X'',2);
INSERT INTO prompts_fts_idx VALUES(3,X'',2);
INSERT INTO prompts_fts_idx VALUES(4,X'',2);
INSERT INTO prompts_fts_idx VALUES(5,X'',2);
INSERT INTO prompts_fts_idx VALUES(6,X'',2);

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
INSERT INTO runs VALUES(1,1,1,'done','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z',1,NULL,NULL,NULL,'2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.199Z');
INSERT INTO runs VALUES(2,1,2,'done','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z',1,NULL,NULL,NULL,'2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.215Z');
INSERT INTO runs VALUES(3,1,3,'done','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z',1,NULL,NULL,NULL,'2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.227Z');
INSERT INTO runs VALUES(4,1,4,'done','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z',1,NULL,NULL,NULL,'2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.243Z');
INSERT INTO runs VALUES(5,1,5,'done','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z',1,NULL,NULL,NULL,'2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.259Z');
INSERT INTO runs VALUES(6,1,6,'done','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z',1,NULL,NULL,NULL,'2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.279Z');
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
INSERT INTO tags VALUES(1,1,'b2b','b2b','gray',6,'2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z',X'CC802769641331476E616D653762326257636F6C6F72476772617987686578436F6C6F727723366237323830B7776F726B73706163654964133197637265617465644174C718323032362D31312D32335430323A35333A35332E3138375A97757064617465644174C718323032362D31312D32335430323A35333A35332E3138375A');
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
INSERT INTO topics VALUES(1,1,'CRM','crm','2026-11-23T02:53:53.187Z','2026-11-23T02:53:53.187Z',X'CC642769641331476E616D653743524DB7776F726B73706163654964133197637265617465644174C718323032362D31312D32335430323A35333A35332E3138375A97757064617465644174C718323032362D31312D32335430323A35333A35332E3138375A');
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
INSERT INTO workspaces VALUES(1,1,'Frozen','2026-11-23T02:53:53.157Z','2026-11-23T02:53:53.157Z');
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
INSERT INTO main.sqlite_sequence VALUES ('brands', 2);
DELETE FROM main.sqlite_sequence WHERE name='chats';
INSERT INTO main.sqlite_sequence VALUES ('chats', 6);
DELETE FROM main.sqlite_sequence WHERE name='organizations';
INSERT INTO main.sqlite_sequence VALUES ('organizations', 1);
DELETE FROM main.sqlite_sequence WHERE name='prompts';
INSERT INTO main.sqlite_sequence VALUES ('prompts', 6);
DELETE FROM main.sqlite_sequence WHERE name='runs';
INSERT INTO main.sqlite_sequence VALUES ('runs', 6);
DELETE FROM main.sqlite_sequence WHERE name='tags';
INSERT INTO main.sqlite_sequence VALUES ('tags', 1);
DELETE FROM main.sqlite_sequence WHERE name='topics';
INSERT INTO main.sqlite_sequence VALUES ('topics', 1);
DELETE FROM main.sqlite_sequence WHERE name='workspaces';
INSERT INTO main.sqlite_sequence VALUES ('workspaces', 1);

-- Database header
pragma user_version=3;

COMMIT TRANSACTION;

-- Restoring writable schema back to default
PRAGMA writable_schema=OFF;

-- We need to force SQLite to reread the schema because otherwise it doesn't
-- know that the virtual tables we inserted directly into sqlite_schema exist.
BEGIN;
CREATE TABLE no_such_table(x,y,z);
ROLLBACK;
