package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The history store's contract on a real PostgreSQL server: {@code REPOFIX_TEST_POSTGRES_URL} names a
 * database whose user may create databases ({@code .ci/postgres-start} starts one and prints it);
 * each test gets a database of its own, dropped after it.
 */
@Tag("postgres")
class PostgresHistoryStoreTest extends HistoryStoreContract {
    private final List<String> databases = new ArrayList<>();

    @Override
    StoreLocation location() {
        String admin = adminUrl();
        String name = "repofix_test_" + UUID.randomUUID().toString().replace("-", "");
        execute(admin, "CREATE DATABASE " + name);
        databases.add(name);
        return StoreLocation.of(admin.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1"), java.nio.file.Path.of("."));
    }

    @AfterEach
    void dropDatabases() {
        for (String name : databases) {
            execute(adminUrl(), "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
    }

    @Test
    void aUrlWithAPasswordIsNeverShown() {
        String admin = adminUrl();
        StoreLocation wrong = StoreLocation.of(admin + (admin.contains("?") ? "&" : "?") + "password=s3cret-pw"
                + "&user=nobody_here", java.nio.file.Path.of("."));

        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> HistoryStore.open(wrong)))
                .isInstanceOf(HistoryException.class).hasMessageContaining("password=***")
                .hasMessageNotContaining("s3cret-pw");
    }

    private static String adminUrl() {
        String url = System.getenv("REPOFIX_TEST_POSTGRES_URL");
        if (url == null || url.isBlank()) {
            throw new AssertionError("REPOFIX_TEST_POSTGRES_URL is not set: start a server with .ci/postgres-start "
                    + "and export the URL it prints");
        }
        return url;
    }

    private static void execute(String url, String sql) {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new AssertionError("cannot run '" + sql + "' on the test server: " + e.getMessage(), e);
        }
    }
}
