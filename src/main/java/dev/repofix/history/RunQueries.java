package dev.repofix.history;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;

/** Reads the store on one connection: listings, one run, trends, comparisons, size. */
final class RunQueries {
    private static final String SUMMARY_COLUMNS = "id, started_at, kind, repository, commit_sha, run_trigger, model, "
            + "status, cases, localized, applied, fixed, issue_score, tokens, cost_usd, duration_ms, report";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Connection c;

    RunQueries(Connection c) {
        this.c = c;
    }

    List<RunSummary> runs(RunFilter filter) throws SQLException {
        Where where = Where.of(filter, "");
        String sql = "SELECT " + SUMMARY_COLUMNS + " FROM runs" + where.sql() + " ORDER BY started_at DESC, id"
                + (filter.limit() > 0 ? " LIMIT " + filter.limit() : "");
        List<RunSummary> out = new ArrayList<>();
        try (PreparedStatement p = where.prepare(c, sql); ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(summary(r));
            }
        }
        return out;
    }

    Optional<RunDetail> detail(String id) throws SQLException {
        RunSummary summary;
        Map<String, String> settings;
        try (PreparedStatement p = c.prepareStatement("SELECT " + SUMMARY_COLUMNS + ", settings FROM runs WHERE id = ?")) {
            p.setString(1, id);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                summary = summary(r);
                settings = settings(r.getString("settings"));
            }
        }
        return Optional.of(new RunDetail(summary, settings, stages(id), candidates(id), cases(id)));
    }

    /** The run's own record as it was saved (fix runs keep one); empty for no such run or none saved. */
    Optional<String> record(String id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT record FROM runs WHERE id = ?")) {
            p.setString(1, id);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? Optional.ofNullable(r.getString(1)) : Optional.empty();
            }
        }
    }

    List<TrendRow> trend(TrendBy by, RunFilter filter) throws SQLException {
        if (by == TrendBy.STAGE) {
            throw new IllegalArgumentException("a stage trend is read by stageTrend");
        }
        Where where = Where.of(filter, "");
        String sql = "SELECT " + by.column + " AS k, COUNT(*), SUM(cases), SUM(localized), SUM(applied), SUM(fixed), "
                + "AVG(issue_score), SUM(tokens), SUM(cost_usd) FROM runs" + where.sql() + " GROUP BY " + by.column
                + " ORDER BY " + by.column;
        List<TrendRow> out = new ArrayList<>();
        try (PreparedStatement p = where.prepare(c, sql); ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(new TrendRow(r.getString(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getLong(5),
                        r.getLong(6), real(r, 7), r.getLong(8), real(r, 9)));
            }
        }
        return out;
    }

    List<StageTrend> stageTrend(RunFilter filter) throws SQLException {
        Where where = Where.of(filter, "r.");
        boolean all = where.sql().isEmpty();
        String sql = "SELECT s.stage, COUNT(*), SUM(CASE WHEN s.status = 'OK' THEN 1 ELSE 0 END), "
                + "SUM(CASE WHEN s.status = 'FAILED' THEN 1 ELSE 0 END), "
                + "SUM(CASE WHEN s.status = 'SKIPPED' THEN 1 ELSE 0 END), "
                + "AVG(CASE WHEN s.status = 'SKIPPED' THEN NULL ELSE s.elapsed_ms END), "
                + "SUM(s.input_tokens + s.output_tokens), SUM(s.cost_usd) FROM run_stages s"
                + (all ? "" : " JOIN runs r ON r.id = s.run_id" + where.sql()) + " GROUP BY s.stage ORDER BY s.stage";
        List<StageTrend> out = new ArrayList<>();
        try (PreparedStatement p = where.prepare(c, sql); ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(new StageTrend(r.getString(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getLong(5),
                        r.getDouble(6), r.getLong(7), real(r, 8)));
            }
        }
        return out;
    }

    List<CaseChange> compare(String before, String after) throws SQLException {
        Map<String, CaseScore> a = byKey(existing(before));
        Map<String, CaseScore> b = byKey(existing(after));
        List<CaseChange> out = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String key : keys) {
            Optional<CaseScore> x = Optional.ofNullable(a.get(key));
            Optional<CaseScore> y = Optional.ofNullable(b.get(key));
            if (x.isEmpty() || y.isEmpty() || CaseChange.differ(x.get(), y.get())) {
                out.add(new CaseChange(key, x, y));
            }
        }
        return out;
    }

    StoreSize size(StoreLocation location) throws SQLException {
        long runs = count("runs");
        Optional<Instant> oldest = Optional.empty();
        Optional<Instant> newest = Optional.empty();
        try (PreparedStatement p = c.prepareStatement("SELECT MIN(started_at), MAX(started_at) FROM runs");
                ResultSet r = p.executeQuery()) {
            if (r.next() && runs > 0) {
                oldest = Optional.of(Instant.ofEpochMilli(r.getLong(1)));
                newest = Optional.of(Instant.ofEpochMilli(r.getLong(2)));
            }
        }
        return new StoreSize(runs, count("eval_cases"), count("run_stages"), count("run_candidates"), bytes(location),
                oldest, newest);
    }

    private OptionalLong bytes(StoreLocation location) throws SQLException {
        if (location.engine() == StoreLocation.Engine.POSTGRESQL) {
            try (PreparedStatement p = c.prepareStatement("SELECT pg_total_relation_size('runs') + "
                    + "pg_total_relation_size('run_stages') + pg_total_relation_size('run_candidates') + "
                    + "pg_total_relation_size('eval_cases')"); ResultSet r = p.executeQuery()) {
                return r.next() ? OptionalLong.of(r.getLong(1)) : OptionalLong.empty();
            }
        }
        Optional<Path> file = location.file();
        if (file.isEmpty()) {
            return OptionalLong.empty();
        }
        long total = 0;
        for (String suffix : List.of("", "-wal", "-shm")) {
            Path f = Path.of(file.get() + suffix);
            try {
                total += Files.isRegularFile(f) ? Files.size(f) : 0;
            } catch (IOException e) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.of(total);
    }

    private long count(String table) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM " + table); ResultSet r = p.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    private String existing(String id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT kind FROM runs WHERE id = ?")) {
            p.setString(1, id);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    throw new HistoryException(RepofixException.ErrorKind.INPUT, "no run " + id + " in the history: "
                            + "'repofix history list' shows the runs there are");
                }
                if (!r.getString(1).equals(RunSummary.RunKind.EVAL.name())) {
                    throw new HistoryException(RepofixException.ErrorKind.INPUT, "run " + id + " is a fix run; "
                            + "compare takes two eval runs, whose cases it lines up");
                }
            }
        }
        return id;
    }

    private Map<String, CaseScore> byKey(String runId) throws SQLException {
        Map<String, CaseScore> out = new TreeMap<>();
        cases(runId).forEach(k -> out.put(k.key(), k));
        return out;
    }

    private List<StageResult> stages(String id) throws SQLException {
        return rows("SELECT case_key, ord, stage, status, elapsed_ms, attempts, input_tokens, output_tokens, "
                + "cost_usd, summary FROM run_stages WHERE run_id = ? ORDER BY case_key, ord", id,
                r -> new StageResult(r.getString(1), r.getInt(2), r.getString(3), r.getString(4), r.getLong(5),
                        r.getInt(6), r.getLong(7), r.getLong(8), real(r, 9), r.getString(10)));
    }

    private List<CandidateVerdict> candidates(String id) throws SQLException {
        return rows("SELECT case_key, ord, candidate_id, strategy, file, line, verdict, elapsed_ms "
                + "FROM run_candidates WHERE run_id = ? ORDER BY case_key, ord", id,
                r -> new CandidateVerdict(r.getString(1), r.getInt(2), r.getString(3), r.getString(4),
                        r.getString(5), r.getInt(6), r.getString(7), r.getLong(8)));
    }

    private List<CaseScore> cases(String id) throws SQLException {
        return rows("SELECT case_key, case_id, setting, status, localized, file_hit, applied, fixed, loc_precision, "
                + "loc_recall, loc_f1, issue_score, tokens, cost_usd, elapsed_ms, error FROM eval_cases "
                + "WHERE run_id = ? ORDER BY case_key", id,
                r -> new CaseScore(r.getString(1), r.getString(2), Optional.ofNullable(r.getString(3)),
                        r.getString(4), r.getInt(5) == 1, r.getInt(6) == 1, r.getInt(7) == 1, r.getInt(8) == 1,
                        r.getDouble(9), r.getDouble(10), r.getDouble(11), real(r, 12), r.getLong(13), real(r, 14),
                        r.getLong(15), Optional.ofNullable(r.getString(16))));
    }

    private interface Row<T> {
        T read(ResultSet r) throws SQLException;
    }

    /** The rows of one run in a child table. */
    private <T> List<T> rows(String sql, String runId, Row<T> row) throws SQLException {
        List<T> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, runId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(row.read(r));
                }
            }
        }
        return out;
    }

    private static RunSummary summary(ResultSet r) throws SQLException {
        return new RunSummary(r.getString("id"), Instant.ofEpochMilli(r.getLong("started_at")),
                RunSummary.RunKind.valueOf(r.getString("kind")), r.getString("repository"),
                Optional.ofNullable(r.getString("commit_sha")), r.getString("run_trigger"), r.getString("model"),
                r.getString("status"), r.getInt("cases"), r.getInt("localized"), r.getInt("applied"),
                r.getInt("fixed"), real(r, "issue_score"), r.getLong("tokens"), real(r, "cost_usd"),
                Duration.ofMillis(r.getLong("duration_ms")), Optional.ofNullable(r.getString("report")));
    }

    private static Map<String, String> settings(String json) {
        try {
            return JSON.readValue(json, new TypeReference<TreeMap<String, String>>() {});
        } catch (IOException e) {
            throw new HistoryException(RepofixException.ErrorKind.RUNTIME, "a run's settings in the history are not "
                    + "the JSON object repofix wrote: " + e.getMessage(), e);
        }
    }

    private static OptionalDouble real(ResultSet r, int column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    private static OptionalDouble real(ResultSet r, String column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(v);
    }
}
