package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} on real source with a generated data line: one string literal of
 * 40,000 characters full of escapes, on a line the failing test runs. Before, the patch
 * stage's token pattern recursed per character and the run ended with a
 * StackOverflowError, exit 1 and no report. Real {@code mvn}, so tagged slow.
 */
@Tag("slow")
class LongLineFixEndToEndTest {
    @TempDir
    Path temp;

    @Test
    void fixesTheBugBesideAFortyThousandCharacterLiteralAndSaysTheLineWasSkipped() {
        String data = "ab\\\"c\\\\d,".repeat(4_000);
        Path repo = FixtureRepos.gitRepo(temp.resolve("table"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/table/Table.java", """
                        package org.table;

                        public final class Table {
                            static final String DATA = String.valueOf("%s");

                            private Table() {}

                            public static int add(int a, int b) {
                                return a - b + DATA.length() * 0;
                            }
                        }
                        """.formatted(data),
                "src/test/java/org/table/TableTest.java", """
                        package org.table;

                        import static org.junit.jupiter.api.Assertions.assertEquals;

                        import org.junit.jupiter.api.Test;

                        class TableTest {
                            @Test
                            void addsTwoNumbers() {
                                assertEquals(5, Table.add(2, 3));
                            }
                        }
                        """,
                "src/test/java/org/table/OtherTest.java", """
                        package org.table;

                        import static org.junit.jupiter.api.Assertions.assertEquals;

                        import org.junit.jupiter.api.Test;

                        class OtherTest {
                            @Test
                            void countsWithoutTheTable() {
                                assertEquals(4, 2 + 2);
                            }
                        }
                        """));

        RunOutput run = BuiltinFixRuns.fix(temp, repo);

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("+        return a + b + DATA.length() * 0;");
        assertThat(report.path("notes").toString()).contains("skipped line 4 of src/main/java/org/table/Table.java: 36,050 characters");
    }
}
