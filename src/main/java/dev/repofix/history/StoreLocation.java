package dev.repofix.history;

import dev.repofix.config.RepofixException;
import dev.repofix.config.UrlCredentials;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the history lives: a SQLite file or a PostgreSQL database by JDBC URL. {@link #toString()} is
 * {@link #shown()}, so a URL that carries a password never reaches a log or an error message.
 *
 * @param jdbcUrl the JDBC URL to connect to; may hold a password
 * @param engine  the database behind it
 */
public record StoreLocation(String jdbcUrl, Engine engine) {
    /** The default store, relative to the working directory. */
    public static final String DEFAULT_FILE = ".repofix/history.db";

    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)(password|sslpassword)=[^&;]*");

    /** The databases the history runs on, one schema for both. */
    public enum Engine { SQLITE, POSTGRESQL }

    public StoreLocation {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(engine, "engine");
    }

    /**
     * The store a {@code --history} value names: blank for {@value #DEFAULT_FILE} under {@code workDir}, a
     * {@code jdbc:postgresql:} or {@code jdbc:sqlite:} URL, or a path to a SQLite file (relative to {@code workDir}).
     *
     * @throws HistoryException (input) for another kind of JDBC URL
     */
    public static StoreLocation of(String given, Path workDir) {
        String value = given == null ? "" : given.strip();
        if (value.isEmpty()) {
            return sqlite(workDir.resolve(DEFAULT_FILE));
        }
        if (value.startsWith("jdbc:postgresql:")) {
            return new StoreLocation(value, Engine.POSTGRESQL);
        }
        if (value.startsWith("jdbc:sqlite:")) {
            return new StoreLocation(value, Engine.SQLITE);
        }
        if (value.startsWith("jdbc:")) {
            throw new HistoryException(RepofixException.ErrorKind.INPUT, "the history store "
                    + new StoreLocation(value, Engine.POSTGRESQL).shown() + " is neither SQLite nor PostgreSQL: give "
                    + "a file path, jdbc:sqlite:<file> or jdbc:postgresql://<host>/<database>");
        }
        return sqlite(workDir.resolve(value));
    }

    public static StoreLocation sqlite(Path file) {
        return new StoreLocation("jdbc:sqlite:" + file.toAbsolutePath().normalize(), Engine.SQLITE);
    }

    /** The SQLite file, for an SQLite store named by path (not {@code :memory:}). */
    public Optional<Path> file() {
        if (engine != Engine.SQLITE) {
            return Optional.empty();
        }
        String rest = jdbcUrl.substring("jdbc:sqlite:".length());
        int query = rest.indexOf('?');
        rest = query < 0 ? rest : rest.substring(0, query);
        return rest.isEmpty() || rest.startsWith(":") ? Optional.empty()
                : Optional.of(Path.of(rest.startsWith("file:") ? rest.substring(5) : rest));
    }

    /** The URL with any password parameter and its user info replaced by {@code ***}: safe to print. */
    public String shown() {
        return UrlCredentials.masked(PASSWORD_PARAMETER.matcher(jdbcUrl).replaceAll("$1=***"));
    }

    /** A password the URL carries, for a CI log to mask; empty when it carries none. */
    public List<String> secrets() {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("(?i)(?:password|sslpassword)=([^&;]*)").matcher(jdbcUrl);
        while (m.find()) {
            out.add(URLDecoder.decode(m.group(1), StandardCharsets.UTF_8));
        }
        Matcher u = Pattern.compile("//[^/@:]*:([^/@]*)@").matcher(jdbcUrl);
        if (u.find()) {
            out.add(u.group(1));
        }
        return out.stream().filter(p -> !p.isEmpty()).toList();
    }

    @Override
    public String toString() {
        return shown();
    }
}
