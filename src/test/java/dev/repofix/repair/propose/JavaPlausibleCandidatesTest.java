package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Java templates propose no edit that is a no-op by the declarations at hand: no null
 * check of a final variable initialised to a new object where it is declared, no
 * {@code serialVersionUID} in place of a variable; the plausible edits of the same lines stay.
 */
class JavaPlausibleCandidatesTest {
    private static final String PATH = "src/main/java/demo/Demo.java";

    private static final String LEDGER = """
            package demo;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.Map;

            public class Demo implements java.io.Serializable {
                private static final long serialVersionUID = 1L;
                private final List<String> items = new ArrayList<>();
                private final List<String> given;
                private List<String> open = new ArrayList<>();

                Demo(List<String> given) {
                    this.given = given;
                }

                int count(String extra, Map<String, String> names) {
                    final StringBuilder built = new StringBuilder();
                    final String found = names.get(extra);
                    return items.size() + given.size() + open.size() + extra.length() + built.length() + found.length();
                }

                boolean any(String extra) {
                    if (items.isEmpty() && extra.isEmpty()) {
                        return false;
                    }
                    return true;
                }

                static long total(long first, long second) {
                    return first + first;
                }
            }
            """;

    @Test
    void nullCheckSkipsAFinalVariableInitialisedWithANewObject() {
        List<String> guarded = JavaCandidates.of("null-check", PATH, LEDGER, 20).stream()
                .map(JavaCandidates.Candidate::description).toList();

        assertThat(guarded).isNotEmpty().noneMatch(d -> d.contains("`items`") || d.contains("`built`"));
        assertThat(guarded).as("fields set elsewhere, non-final fields, parameters and looked-up values stay guarded")
                .anyMatch(d -> d.contains("`given`")).anyMatch(d -> d.contains("`open`"))
                .anyMatch(d -> d.contains("`extra`")).anyMatch(d -> d.contains("`found`"));
    }

    @Test
    void conditionClauseSkipsAFinalFieldInitialisedWithANewObject() {
        List<String> clauses = JavaCandidates.of("condition-clause", PATH, LEDGER, 24).stream()
                .map(JavaCandidates.Candidate::description).toList();

        assertThat(clauses).noneMatch(d -> d.contains("items != null") || d.contains("items == null"))
                .contains("added `extra != null &&`");
    }

    @Test
    void wrongVariableNeverTakesTheSerialVersionUid() {
        List<String> lines = JavaCandidates.of("wrong-variable", PATH, LEDGER, 31).stream()
                .map(c -> c.patched().lines().toList().get(30)).toList();

        assertThat(lines).noneMatch(l -> l.contains("serialVersionUID")).contains("        return second + first;");
    }
}
