package dev.repofix.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/** Writes runs on one connection, inside the caller's transaction. */
final class RunWriter {
    private static final String[] CHILDREN = {"run_stages", "run_candidates", "eval_cases"};
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Connection c;

    RunWriter(Connection c) {
        this.c = c;
    }

    void write(List<StoredRun> runs) throws SQLException {
        try (PreparedStatement run = c.prepareStatement("INSERT INTO runs (id, kind, started_at, week, repository, "
                + "commit_sha, run_trigger, model, settings, status, cases, localized, applied, fixed, issue_score, "
                + "tokens, cost_usd, duration_ms, report, record) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
                PreparedStatement stage = c.prepareStatement("INSERT INTO run_stages (run_id, case_key, ord, stage, "
                        + "status, elapsed_ms, attempts, input_tokens, output_tokens, cost_usd, summary) "
                        + "VALUES (?,?,?,?,?,?,?,?,?,?,?)");
                PreparedStatement candidate = c.prepareStatement("INSERT INTO run_candidates (run_id, case_key, ord, "
                        + "candidate_id, strategy, file, line, verdict, elapsed_ms) VALUES (?,?,?,?,?,?,?,?,?)");
                PreparedStatement evalCase = c.prepareStatement("INSERT INTO eval_cases (run_id, case_key, case_id, "
                        + "setting, status, localized, file_hit, applied, fixed, loc_precision, loc_recall, loc_f1, "
                        + "issue_score, tokens, cost_usd, elapsed_ms, error) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
            Map<String, StoredRun> unique = new LinkedHashMap<>();
            runs.forEach(r -> unique.put(r.id(), r));
            delete(unique.keySet());
            for (StoredRun r : unique.values()) {
                summary(run, r);
                r.stages().forEach(s -> stage(stage, r.id(), s));
                r.candidates().forEach(k -> candidate(candidate, r.id(), k));
                r.cases().forEach(k -> evalCase(evalCase, r.id(), k));
            }
            // Parents before children, for the foreign keys.
            run.executeBatch();
            stage.executeBatch();
            candidate.executeBatch();
            evalCase.executeBatch();
        } catch (UncheckedSql e) {
            throw e.getCause();
        }
    }

    /** Deletes the runs that began before {@code cutoff}, children first; returns how many. */
    int prune(Instant cutoff) throws SQLException {
        String old = "SELECT id FROM runs WHERE started_at < ?";
        for (String child : CHILDREN) {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM " + child + " WHERE run_id IN (" + old + ")")) {
                p.setLong(1, cutoff.toEpochMilli());
                p.executeUpdate();
            }
        }
        try (PreparedStatement p = c.prepareStatement("DELETE FROM runs WHERE started_at < ?")) {
            p.setLong(1, cutoff.toEpochMilli());
            return p.executeUpdate();
        }
    }

    /** Removes earlier copies of the runs about to be written, so that writing a run again replaces it. */
    private void delete(Collection<String> ids) throws SQLException {
        List<String> tables = new ArrayList<>(List.of(CHILDREN));
        tables.add("runs");
        for (String table : tables) {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM " + table + " WHERE "
                    + (table.equals("runs") ? "id" : "run_id") + " = ?")) {
                for (String id : ids) {
                    p.setString(1, id);
                    p.addBatch();
                }
                p.executeBatch();
            }
        }
    }

    private static void summary(PreparedStatement p, StoredRun run) throws SQLException {
        RunSummary s = run.summary();
        p.setString(1, s.id());
        p.setString(2, s.kind().name());
        p.setLong(3, s.startedAt().toEpochMilli());
        p.setString(4, week(s.startedAt()));
        p.setString(5, s.repository());
        p.setString(6, s.commit().orElse(null));
        p.setString(7, s.trigger());
        p.setString(8, s.model());
        p.setString(9, json(run));
        p.setString(10, s.status());
        p.setInt(11, s.cases());
        p.setInt(12, s.localized());
        p.setInt(13, s.applied());
        p.setInt(14, s.fixed());
        real(p, 15, s.issueScore());
        p.setLong(16, s.tokens());
        real(p, 17, s.costUsd());
        p.setLong(18, s.duration().toMillis());
        p.setString(19, s.report().orElse(null));
        p.setString(20, run.record().orElse(null));
        p.addBatch();
    }

    private static void stage(PreparedStatement p, String runId, StageResult s) {
        sql(() -> {
            p.setString(1, runId);
            p.setString(2, s.caseKey());
            p.setInt(3, s.position());
            p.setString(4, s.stage());
            p.setString(5, s.status());
            p.setLong(6, s.millis());
            p.setInt(7, s.attempts());
            p.setLong(8, s.inputTokens());
            p.setLong(9, s.outputTokens());
            real(p, 10, s.costUsd());
            p.setString(11, s.summary());
            p.addBatch();
        });
    }

    private static void candidate(PreparedStatement p, String runId, CandidateVerdict k) {
        sql(() -> {
            p.setString(1, runId);
            p.setString(2, k.caseKey());
            p.setInt(3, k.position());
            p.setString(4, k.candidateId());
            p.setString(5, k.strategy());
            p.setString(6, k.file());
            p.setInt(7, k.line());
            p.setString(8, k.verdict());
            p.setLong(9, k.millis());
            p.addBatch();
        });
    }

    private static void evalCase(PreparedStatement p, String runId, CaseScore k) {
        sql(() -> {
            p.setString(1, runId);
            p.setString(2, k.key());
            p.setString(3, k.caseId());
            p.setString(4, k.setting().orElse(null));
            p.setString(5, k.status());
            p.setInt(6, k.localized() ? 1 : 0);
            p.setInt(7, k.fileHit() ? 1 : 0);
            p.setInt(8, k.applied() ? 1 : 0);
            p.setInt(9, k.fixed() ? 1 : 0);
            p.setDouble(10, k.precision());
            p.setDouble(11, k.recall());
            p.setDouble(12, k.f1());
            real(p, 13, k.issueScore());
            p.setLong(14, k.tokens());
            real(p, 15, k.costUsd());
            p.setLong(16, k.millis());
            p.setString(17, k.error().orElse(null));
            p.addBatch();
        });
    }

    /** The ISO week a run began in, UTC: {@code 2026-W48}; kept as a column so that weeks group on an index. */
    static String week(Instant at) {
        var day = at.atZone(ZoneOffset.UTC).toLocalDate();
        return String.format("%04d-W%02d", day.get(IsoFields.WEEK_BASED_YEAR), day.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
    }

    private static void real(PreparedStatement p, int index, OptionalDouble value) throws SQLException {
        if (value.isPresent()) {
            p.setDouble(index, value.getAsDouble());
        } else {
            p.setNull(index, Types.DOUBLE);
        }
    }

    private static String json(StoredRun run) {
        try {
            return JSON.writeValueAsString(new TreeMap<>(run.settings()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings always renders as JSON", e);
        }
    }

    private interface SqlStep {
        void run() throws SQLException;
    }

    private static void sql(SqlStep step) {
        try {
            step.run();
        } catch (SQLException e) {
            throw new UncheckedSql(e);
        }
    }

    /** Carries a SQLException out of a lambda, to be unwrapped by {@link #write}. */
    private static final class UncheckedSql extends RuntimeException {
        UncheckedSql(SQLException cause) {
            super(cause);
        }

        @Override
        public synchronized SQLException getCause() {
            return (SQLException) super.getCause();
        }
    }
}
