package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Python templates propose no edit that cannot run: no arithmetic on None or on a str,
 * and no module flag, metadata or dunder in place of a variable; the plausible edits of the
 * same lines stay.
 */
class PythonPlausibleCandidatesTest {
    private static final String PATH = "pkg/demo.py";

    private static final String GLOBALS = """
            TYPE_CHECKING = False
            __all__ = ["describe"]
            __version__ = "1.0"
            DEFAULT_NAME = "demo"
            LIMIT = 10
            _cache = {}

            """;

    @Test
    void offByOneNeverAddsOneToNoneOrAString() {
        String source = """
                def pick(options, xs, start, label: str):
                    key = "decimal"
                    return options["decimal"], xs[start:None], options[key], options[label], xs[f"{start}"], xs[start]
                """;

        List<String> lines = patchedLine(source, 3);

        assertThat(lines).isNotEmpty()
                .noneMatch(l -> l.contains("None + 1") || l.contains("None - 1"))
                .noneMatch(l -> l.contains("\"decimal\") + 1") || l.contains("\"decimal\" + 1"))
                .noneMatch(l -> l.contains("key + 1") || l.contains("key - 1"))
                .noneMatch(l -> l.contains("label + 1") || l.contains("label - 1"))
                .noneMatch(l -> l.contains("}\") + 1") || l.contains("}\" + 1"));
        assertThat(lines).as("the index that is a number still moves").anyMatch(l -> l.endsWith("xs[start + 1]"))
                .anyMatch(l -> l.contains("xs[start - 1:None]"));
    }

    @Test
    void aNameAssignedTwoKindsStillMoves() {
        String source = """
                def last(xs):
                    i = None
                    i = len(xs) - 2
                    return xs[i]
                """;

        assertThat(patchedLine(source, 4)).contains("    return xs[i + 1]");
    }

    @Test
    void arithmeticOnAStrAnnotatedOperandOffersNoOtherOperator() {
        String source = """
                def greet(name: str, suffix):
                    return name + suffix
                """;

        assertThat(PythonCandidates.of(PATH, source, 2)).filteredOn(c -> c.strategy().equals("arithmetic-op"))
                .isEmpty();
        assertThat(PythonCandidates.of(PATH, source.replace("name: str", "name"), 2))
                .as("without the annotation the operator may be numeric")
                .anyMatch(c -> c.strategy().equals("arithmetic-op"));
    }

    @Test
    void wrongVariableNeverReplacesAVariableWithAFlagModuleMetadataOrADunder() {
        String source = GLOBALS + """
                def describe(seq, message, count):
                    if message is seq:
                        return count
                """;

        List<String> lines = patchedLine(source, 9);

        assertThat(lines).isNotEmpty()
                .noneMatch(l -> l.contains("TYPE_CHECKING") || l.contains("__all__") || l.contains("__version__")
                        || l.contains("DEFAULT_NAME"));
        assertThat(lines).as("parameters first, then the module's other values")
                .contains("    if count is seq:", "    if message is count:", "    if LIMIT is seq:");
    }

    @Test
    void aStrConstantStillReplacesAStrVariable() {
        String source = GLOBALS + """
                def label(name: str, other):
                    return name.title()
                """;

        assertThat(patchedLine(source, 9)).contains("    return DEFAULT_NAME.title()")
                .noneMatch(l -> l.contains("TYPE_CHECKING") || l.contains("__version__"));
    }

    /** The edited line of every Python candidate for {@code line}. */
    private static List<String> patchedLine(String source, int line) {
        return PythonCandidates.of(PATH, source, line).stream().map(c -> c.patched().lines().toList().get(line - 1))
                .toList();
    }
}
