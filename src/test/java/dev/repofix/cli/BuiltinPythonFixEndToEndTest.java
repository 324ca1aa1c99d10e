package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} with no model on pytest projects whose bugs only the Python
 * syntax-tree templates fix: a wrong arithmetic operator and a missing None check. Real
 * {@code pytest}: a baseline and a few candidates each, so tagged slow.
 */
@Tag("slow")
class BuiltinPythonFixEndToEndTest {
    @TempDir
    Path temp;

    /** Before, the token templates had no arithmetic operator: 0 candidates on {@code return a - b}. */
    @Test
    void fixesAnAdditionThatSubtracts() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("calc"), Map.of(
                "calc/__init__.py", "",
                "calc/ops.py", """
                        def add(a, b):
                            return a - b


                        def subtract(a, b):
                            return a - b
                        """,
                "tests/test_ops.py", """
                        from calc.ops import add, subtract


                        def test_add():
                            assert add(2, 3) == 5


                        def test_subtract():
                            assert subtract(5, 3) == 2
                        """));

        RunOutput run = BuiltinFixRuns.fix(temp, repo);

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).containsOnlyOnce("-    return a - b")
                .contains(" def add(a, b):\n-    return a - b\n+    return a + b\n");
    }

    /**
     * The AttributeError is raised in a helper two calls below the test; the right fix
     * returns the empty string early, since the caller strips the result.
     */
    @Test
    void fixesAMissingNoneCheckTwoCallsBelowTheTest() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("labels"), Map.of(
                "labels/__init__.py", "",
                "labels/text.py", """
                        def label(title):
                            return "[" + normalize(title) + "]"


                        def normalize(text):
                            return squeeze(text).strip()


                        def squeeze(text):
                            return " ".join(text.split())
                        """,
                "tests/test_text.py", """
                        from labels.text import label


                        def test_squeezes_runs_of_spaces():
                            assert label(" a   b ") == "[a b]"


                        def test_labels_nothing_as_empty():
                            assert label(None) == "[]"
                        """));

        RunOutput run = BuiltinFixRuns.fix(temp, repo);

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("""
                 def squeeze(text):
                +    if text is None:
                +        return ''
                     return " ".join(text.split())""");
    }
}
