-- The run history: one schema for SQLite and PostgreSQL, so only types and syntax both take
-- (times are epoch milliseconds in BIGINT, flags are 0/1 INTEGERs, JSON is TEXT).
-- Every query path has an index: listing by time, trend by model, repository, week and stage,
-- a run's children by run id, and pruning by time.

CREATE TABLE runs (
    id           VARCHAR(200)  NOT NULL PRIMARY KEY,
    kind         VARCHAR(8)    NOT NULL,
    started_at   BIGINT        NOT NULL,
    week         VARCHAR(8)    NOT NULL,
    repository   VARCHAR(1000) NOT NULL,
    commit_sha   VARCHAR(64),
    run_trigger  VARCHAR(40)   NOT NULL,
    model        VARCHAR(300)  NOT NULL,
    settings     TEXT          NOT NULL,
    status       VARCHAR(40)   NOT NULL,
    cases        INTEGER       NOT NULL,
    localized    INTEGER       NOT NULL,
    applied      INTEGER       NOT NULL,
    fixed        INTEGER       NOT NULL,
    issue_score  DOUBLE PRECISION,
    tokens       BIGINT        NOT NULL,
    cost_usd     DOUBLE PRECISION,
    duration_ms  BIGINT        NOT NULL,
    report       VARCHAR(2000),
    record       TEXT
);
-- The trend indexes cover every column a trend adds up, so a trend reads the index alone,
-- in group order, never the (wide) rows: 100,000 runs group in well under a second.
CREATE INDEX runs_by_time ON runs (started_at);
CREATE INDEX runs_by_model ON runs (model, cases, localized, applied, fixed, issue_score, tokens, cost_usd);
CREATE INDEX runs_by_repository ON runs (repository, cases, localized, applied, fixed, issue_score, tokens, cost_usd);
CREATE INDEX runs_by_week ON runs (week, cases, localized, applied, fixed, issue_score, tokens, cost_usd);

CREATE TABLE run_stages (
    run_id        VARCHAR(200) NOT NULL REFERENCES runs (id),
    case_key      VARCHAR(300) NOT NULL,
    ord           INTEGER      NOT NULL,
    stage         VARCHAR(40)  NOT NULL,
    status        VARCHAR(20)  NOT NULL,
    elapsed_ms    BIGINT       NOT NULL,
    attempts      INTEGER      NOT NULL,
    input_tokens  BIGINT       NOT NULL,
    output_tokens BIGINT       NOT NULL,
    cost_usd      DOUBLE PRECISION,
    summary       TEXT         NOT NULL,
    PRIMARY KEY (run_id, case_key, ord)
);
CREATE INDEX run_stages_by_stage ON run_stages (stage, status, elapsed_ms, input_tokens, output_tokens, cost_usd);

CREATE TABLE run_candidates (
    run_id       VARCHAR(200)  NOT NULL REFERENCES runs (id),
    case_key     VARCHAR(300)  NOT NULL,
    ord          INTEGER       NOT NULL,
    candidate_id VARCHAR(200)  NOT NULL,
    strategy     VARCHAR(200)  NOT NULL,
    file         VARCHAR(1000) NOT NULL,
    line         INTEGER       NOT NULL,
    verdict      VARCHAR(40)   NOT NULL,
    elapsed_ms   BIGINT        NOT NULL,
    PRIMARY KEY (run_id, case_key, ord)
);

CREATE TABLE eval_cases (
    run_id        VARCHAR(200) NOT NULL REFERENCES runs (id),
    case_key      VARCHAR(300) NOT NULL,
    case_id       VARCHAR(300) NOT NULL,
    setting       VARCHAR(40),
    status        VARCHAR(20)  NOT NULL,
    localized     INTEGER      NOT NULL,
    file_hit      INTEGER      NOT NULL,
    applied       INTEGER      NOT NULL,
    fixed         INTEGER      NOT NULL,
    loc_precision DOUBLE PRECISION NOT NULL,
    loc_recall    DOUBLE PRECISION NOT NULL,
    loc_f1        DOUBLE PRECISION NOT NULL,
    issue_score   DOUBLE PRECISION,
    tokens        BIGINT       NOT NULL,
    cost_usd      DOUBLE PRECISION,
    elapsed_ms    BIGINT       NOT NULL,
    error         TEXT,
    PRIMARY KEY (run_id, case_key)
);
