package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} with no model on a Maven project whose bug is a missing statement:
 * {@code remove} forgets one of the two collections {@code add} keeps in step. Before issue
 * 32 no template inserted a call, so the run found no fix. Real {@code mvn}, tagged slow.
 */
@Tag("slow")
class BuiltinJavaMissingStatementEndToEndTest {
    @TempDir
    Path temp;

    @Test
    void insertsTheCallThatKeepsTheSecondCollectionInStep() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("registry"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/reg/Registry.java", """
                        package org.reg;

                        import java.util.ArrayList;
                        import java.util.HashMap;
                        import java.util.List;
                        import java.util.Map;

                        public final class Registry {
                            private final Map<String, Integer> counts = new HashMap<>();
                            private final List<String> order = new ArrayList<>();

                            public void add(String name) {
                                if (!counts.containsKey(name)) {
                                    order.add(name);
                                }
                                counts.merge(name, 1, Integer::sum);
                            }

                            public void remove(String name) {
                                counts.remove(name);
                            }

                            public int count(String name) {
                                return counts.getOrDefault(name, 0);
                            }

                            public List<String> names() {
                                return List.copyOf(order);
                            }
                        }
                        """,
                "src/test/java/org/reg/RegistryTest.java", """
                        package org.reg;

                        import static org.junit.jupiter.api.Assertions.assertEquals;

                        import java.util.List;
                        import org.junit.jupiter.api.Test;

                        class RegistryTest {
                            @Test
                            void keepsNamesInTheOrderFirstAdded() {
                                Registry r = new Registry();
                                r.add("b");
                                r.add("a");
                                r.add("b");
                                assertEquals(List.of("b", "a"), r.names());
                                assertEquals(2, r.count("b"));
                            }

                            @Test
                            void forgetsARemovedName() {
                                Registry r = new Registry();
                                r.add("a");
                                r.add("b");
                                r.remove("a");
                                assertEquals(0, r.count("a"));
                                assertEquals(List.of("b"), r.names());
                            }
                        }
                        """));

        RunOutput run = BuiltinFixRuns.fix(temp, repo);

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("""
                         counts.remove(name);
                +        order.remove(name);
                """);
    }
}
