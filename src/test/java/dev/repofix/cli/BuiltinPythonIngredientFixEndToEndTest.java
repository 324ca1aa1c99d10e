package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} with no model on pytest projects whose bugs only issue 32's Python
 * families fix: a type test too narrow for the value the tests pass. Real {@code pytest}: a baseline and a few candidates, so tagged slow.
 */
@Tag("slow")
class BuiltinPythonIngredientFixEndToEndTest {
    @TempDir
    Path temp;

    /** A read-only mapping is a Mapping but no dict: the fix widens the type test and imports the type. */
    @Test
    void fixesAnIsinstanceTestThatIsTooNarrow() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("settings"), settings(Map.of()));

        // The new families come after every edit of the older ones on the suspected lines (41 candidates
        // here), and in a two-test suite the failing test alone costs about the suite, so nothing is
        // screened first: the budget of full runs must hold them.
        RunOutput run = BuiltinFixRuns.fix(temp, repo, List.of("--max-candidates", "60"));

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("+from collections.abc import Mapping")
                .contains("+        if isinstance(value, Mapping):");
    }

    /**
     * The same bug in a suite whose other tests take seconds: the failing test alone costs under half
     * the suite, so candidates are screened through pytest's selection first and max-candidates counts
     * full runs only; the fix, past the 41st candidate, is reached with a budget of 5 full runs.
     */
    @Test
    void screensThroughPytestWhereTheFailingTestAloneIsCheap() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("settings"), settings(Map.of("tests/test_slow.py", """
                import time

                import pytest


                @pytest.mark.parametrize("n", range(6))
                def test_unrelated_and_slow(n):
                    time.sleep(0.5)
                """)));

        RunOutput run = BuiltinFixRuns.fix(temp, repo, List.of("--max-candidates", "5"));

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("+from collections.abc import Mapping")
                .contains("+        if isinstance(value, Mapping):");
    }

    /** A package whose merge widens nested dicts, with a test of a read-only mapping, and {@code more} files. */
    private static Map<String, String> settings(Map<String, String> more) {
        Map<String, String> files = new java.util.HashMap<>(Map.of(
                "settings/__init__.py", "",
                "settings/merge.py", """
                        import copy


                        def merged(base, extra):
                            out = copy.deepcopy(base)
                            for key, value in extra.items():
                                if isinstance(value, dict):
                                    out[key] = merged(out.get(key, {}), value)
                                else:
                                    out[key] = value
                            return out
                        """,
                "tests/test_merge.py", """
                        from types import MappingProxyType

                        from settings.merge import merged


                        def test_merges_nested_dicts():
                            assert merged({"a": {"x": 1}}, {"a": {"y": 2}}) == {"a": {"x": 1, "y": 2}}


                        def test_merges_read_only_mappings():
                            extra = {"a": MappingProxyType({"y": 2})}
                            assert merged({"a": {"x": 1}}, extra) == {"a": {"x": 1, "y": 2}}
                        """));
        files.putAll(more);
        return files;
    }
}
