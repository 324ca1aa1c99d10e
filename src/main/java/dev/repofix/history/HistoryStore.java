package dev.repofix.history;

import dev.repofix.config.RepofixException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.postgresql.ds.PGSimpleDataSource;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * The run history in SQLite or PostgreSQL: opened (and migrated to the current schema) once, then
 * written a run at a time, each in its own transaction, and read for listings, trends and comparisons.
 * Each call takes its own connection, so two processes (or threads) may write at once.
 */
public final class HistoryStore {
    /** The folder of the default store ({@link StoreLocation#DEFAULT_FILE}), repofix's own. */
    static final String OWN_FOLDER = ".repofix";
    /** How long a SQLite writer waits for another one's lock before it gives up. */
    static final int SQLITE_BUSY_MILLIS = 60_000;

    private final StoreLocation location;
    private final DataSource source;

    private HistoryStore(StoreLocation location, DataSource source) {
        this.location = location;
        this.source = source;
    }

    /**
     * Opens the store, creating it (and a SQLite file's folder) when it is not there, and migrates it.
     *
     * @throws HistoryException naming the store (never its password) when it cannot be reached or migrated
     */
    public static HistoryStore open(StoreLocation location) {
        DataSource source = switch (location.engine()) {
            case SQLITE -> sqlite(location);
            case POSTGRESQL -> postgres(location);
        };
        try {
            Flyway.configure().dataSource(source).locations("classpath:dev/repofix/history/migration")
                    .table("repofix_schema_history").load().migrate();
        } catch (FlywayException e) {
            throw new HistoryException(RepofixException.ErrorKind.RUNTIME, "cannot open the history store "
                    + location.shown() + ": " + redact(location, e.getMessage())
                    + "; check that the database is reachable and its user may create tables", e);
        }
        return new HistoryStore(location, source);
    }

    private static DataSource sqlite(StoreLocation location) {
        location.file().map(Path::getParent).ifPresent(dir -> {
            try {
                Files.createDirectories(dir);
                ignoredByGit(dir);
            } catch (IOException e) {
                throw new HistoryException(RepofixException.ErrorKind.RUNTIME, "cannot create the folder " + dir
                        + " of the history store: " + e.getMessage(), e);
            }
        });
        SQLiteConfig config = new SQLiteConfig();
        // WAL lets readers go on while one writer commits; IMMEDIATE takes the write lock when a
        // transaction begins, so two writers queue (for up to the busy timeout) instead of failing.
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setBusyTimeout(SQLITE_BUSY_MILLIS);
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        config.enforceForeignKeys(true);
        SQLiteDataSource ds = new SQLiteDataSource(config);
        ds.setUrl(location.jdbcUrl());
        return ds;
    }

    /**
     * A {@value #OWN_FOLDER} folder (the default store's) is repofix's own: a {@code .gitignore} of
     * {@code *} in it keeps it out of {@code git status}, out of commits and out of the candidate
     * copies, which carry untracked files only when Git does not ignore them; the user's own
     * {@code .gitignore} is never edited. Written when missing, so a folder an older repofix made
     * gets it the next time its store is opened, its runs kept. A store elsewhere is left alone.
     */
    static void ignoredByGit(Path dir) throws IOException {
        Path ignore = dir.resolve(".gitignore");
        if (dir.getFileName() != null && dir.getFileName().toString().equals(OWN_FOLDER) && !Files.exists(ignore)) {
            Files.writeString(ignore, "# repofix's own folder (the run history, docs/history.md): not part of the "
                    + "repository.\n*\n");
        }
    }

    private static DataSource postgres(StoreLocation location) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(location.jdbcUrl());
        ds.setConnectTimeout(30);
        return ds;
    }

    public StoreLocation location() {
        return location;
    }

    /** Keeps a run, replacing one of the same id, in one transaction: all of it or, on a crash, none. */
    public void record(StoredRun run) {
        record(List.of(run));
    }

    /** Keeps several runs in one transaction (an import, a generated store). */
    public void record(List<StoredRun> runs) {
        inTransaction("write " + runs.size() + " run(s) to", c -> {
            new RunWriter(c).write(runs);
            return null;
        });
    }

    /** The runs a filter selects, newest first: what listings, trends and the dashboard read. */
    public List<RunSummary> runs(RunFilter filter) {
        return read("list the runs of", c -> new RunQueries(c).runs(filter));
    }

    /** One run with its stages, candidates and cases; empty when the store has no such run. */
    public Optional<RunDetail> run(String id) {
        return read("read run " + id + " from", c -> new RunQueries(c).detail(id));
    }

    /** The run's own record ({@code repofix.run/2} JSON) as it was saved; empty for no such run or none saved. */
    public Optional<String> savedRecord(String id) {
        return read("read the record of run " + id + " from", c -> new RunQueries(c).record(id));
    }

    /** The runs of a filter grouped by model, repository or week, added up. */
    public List<TrendRow> trend(TrendBy by, RunFilter filter) {
        return read("sum up the runs of", c -> new RunQueries(c).trend(by, filter));
    }

    /** Each stage over the runs of a filter. */
    public List<StageTrend> stageTrend(RunFilter filter) {
        return read("sum up the stages of", c -> new RunQueries(c).stageTrend(filter));
    }

    /**
     * The cases two eval runs got differently, in key order.
     *
     * @throws HistoryException (input) when either run is not in the store
     */
    public List<CaseChange> compare(String before, String after) {
        return read("compare runs in", c -> new RunQueries(c).compare(before, after));
    }

    /** Removes every run that began before {@code cutoff}, with its rows; returns how many runs went. */
    public int prune(Instant cutoff) {
        return inTransaction("prune", c -> new RunWriter(c).prune(cutoff));
    }

    /** How big the store is. */
    public StoreSize size() {
        return read("measure", c -> new RunQueries(c).size(location));
    }

    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> T read(String what, Work<T> work) {
        try (Connection c = source.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw failed(what, e);
        }
    }

    private <T> T inTransaction(String what, Work<T> work) {
        try (Connection c = source.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw failed(what, e);
        }
    }

    private HistoryException failed(String what, SQLException e) {
        return new HistoryException(RepofixException.ErrorKind.RUNTIME, "cannot " + what + " the history store "
                + location.shown() + ": " + redact(location, e.getMessage()), e);
    }

    /** A driver's message may quote the URL it was given; never pass a password on. */
    private static String redact(StoreLocation location, String message) {
        String out = message == null ? "" : message.replace(location.jdbcUrl(), location.shown());
        for (String secret : location.secrets()) {
            out = out.replace(secret, "***");
        }
        return out;
    }
}
