package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} with no model on pytest projects whose bugs only issue 32's Python
 * families fix: a type test too narrow for the value the tests pass, and a missing call on a
 * set the function uses. Real {@code pytest}: a baseline and a few candidates each, so tagged slow.
 */
@Tag("slow")
class BuiltinPythonIngredientFixEndToEndTest {
    @TempDir
    Path temp;

    /** A read-only mapping is a Mapping but no dict: the fix widens the type test and imports the type. */
    @Test
    void fixesAnIsinstanceTestThatIsTooNarrow() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("settings"), Map.of(
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

        RunOutput run = BuiltinFixRuns.fix(temp, repo);

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("+from collections.abc import Mapping")
                .contains("+        if isinstance(value, Mapping):");
    }

    /** Duplicates come back because the function never records the keys it has seen. */
    @Test
    void fixesAMissingCallOnASet() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("dedupe"), Map.of(
                "dedupe/__init__.py", "",
                "dedupe/order.py", """
                        def unique_by(items, key):
                            seen = set()
                            out = []
                            for item in items:
                                k = key(item)
                                if k not in seen:
                                    out.append(item)
                            return out
                        """,
                "tests/test_order.py", """
                        from dedupe.order import unique_by


                        def test_keeps_first_occurrences_in_order():
                            assert unique_by(["a", "B", "A", "b", "c"], str.lower) == ["a", "B", "c"]


                        def test_empty():
                            assert unique_by([], str.lower) == []
                        """));

        RunOutput run = BuiltinFixRuns.fix(temp, repo);

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("""
                             out.append(item)
                +            seen.add(k)""");
    }
}
