package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StoreLocationTest {
    private static final Path WORK = Path.of("/home/dev/project");

    @Test
    void nothingGivenIsTheDefaultFileUnderTheWorkingDirectory() {
        StoreLocation l = StoreLocation.of("", WORK);

        assertThat(l.engine()).isEqualTo(StoreLocation.Engine.SQLITE);
        assertThat(l.file()).contains(WORK.resolve(".repofix/history.db"));
    }

    @Test
    void aRelativePathIsASqliteFileUnderTheWorkingDirectory() {
        assertThat(StoreLocation.of("ci/history.db", WORK).file()).contains(WORK.resolve("ci/history.db"));
    }

    @Test
    void aPostgresUrlShowsNoPasswordInEitherForm() {
        StoreLocation query = StoreLocation.of("jdbc:postgresql://db:5432/h?user=ci&password=p%40ss&ssl=true", WORK);
        StoreLocation userInfo = StoreLocation.of("jdbc:postgresql://ci:pass@db/h", WORK);

        assertThat(query.engine()).isEqualTo(StoreLocation.Engine.POSTGRESQL);
        assertThat(query.toString()).isEqualTo("jdbc:postgresql://db:5432/h?user=ci&password=***&ssl=true");
        assertThat(query.secrets()).containsExactly("p@ss");
        assertThat(userInfo.shown()).as("the whole user info: a token may be the user name")
                .isEqualTo("jdbc:postgresql://***@db/h");
        assertThat(StoreLocation.of("jdbc:postgresql://fake-token@db/h", WORK).shown())
                .isEqualTo("jdbc:postgresql://***@db/h");
        assertThat(userInfo.secrets()).containsExactly("pass");
    }

    @Test
    void anotherDatabaseIsRefusedWithWhatIsTaken() {
        assertThatThrownBy(() -> StoreLocation.of("jdbc:mysql://db/h?password=x", WORK))
                .isInstanceOf(HistoryException.class).hasMessageContaining("jdbc:postgresql://")
                .hasMessageNotContaining("password=x");
    }
}
