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
 * {@code repofix fix} with no model on pytest projects whose fault the spectrum alone does not
 * point at: a type test every test runs, whose false branch only the failing test takes, and a
 * missing statement, whose neighbours every test runs. A failing test that also runs many lines
 * of its own keeps both below 25 suspects without the localization's branch and unread-local
 * rules. Real {@code pytest}: a baseline and tens of candidates, so tagged slow.
 */
@Tag("slow")
class BuiltinOmissionLocalizationEndToEndTest {
    @TempDir
    Path temp;

    /** A tuple is a Sequence but no list: the raise below the type tests is the condition's false branch. */
    @Test
    void fixesATypeTestWhoseFalseBranchOnlyTheFailingTestTakes() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("shapes"), Map.of(
                "shapes/__init__.py", "",
                "shapes/walk.py", """
                from collections.abc import Mapping, Sequence


                def kind(value):
                    if isinstance(value, Mapping):
                        return "map"
                    elif isinstance(value, list):
                        return "seq"
                    raise TypeError("not a container: %r" % (value,))


                def measure(value):
                    total = sum(value)
                    count = len(value)
                    mean = total / count
                    low = min(value)
                    high = max(value)
                    spread = high - low
                    middle = low + spread / 2
                    return kind(value), mean, spread, middle
                """,
                "tests/test_walk.py", """
                from shapes.walk import kind, measure


                def test_kinds():
                    assert kind({"a": 1}) == "map"
                    assert kind([1, 2]) == "seq"


                def test_measures_a_list():
                    assert measure([1, 2, 3]) == ("seq", 2.0, 2, 2.0)


                def test_measures_a_tuple():
                    assert measure((1, 2, 3)) == ("seq", 2.0, 2, 2.0)
                """));

        RunOutput run = BuiltinFixRuns.fix(temp, repo, List.of("--max-candidates", "40"));

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("+    elif isinstance(value, Sequence):");
    }

    /** {@code add} makes the key's list and never fills it: {@code pop} finds it empty. */
    @Test
    void restoresAStatementThatUsesALocalNothingReads() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("multi"), Map.of(
                "multi/__init__.py", "",
                "multi/index.py", """
                class Index:
                    def __init__(self):
                        self._map = {}
                        self.order = []

                    def add(self, k, v):
                        cells = self._map.setdefault(k, [])
                        cell = (k, v)
                        self.order.append(cell)

                    def extend(self, k, vs):
                        cells = self._map.setdefault(k, [])
                        for v in vs:
                            cell = (k, v)
                            cells.append(cell)
                            self.order.append(cell)

                    def pop(self, k):
                        cells = self._map[k]
                        cell = cells.pop()
                        self.order.remove(cell)
                        if not cells:
                            del self._map[k]
                        return cell[1]

                    def describe(self):
                        lines = []
                        keys = sorted(self._map)
                        lines.append('0: %d keys, %d items' % (len(keys) + 0, len(self.order) - 0))
                        lines.append('1: %d keys, %d items' % (len(keys) + 1, len(self.order) - 1))
                        lines.append('2: %d keys, %d items' % (len(keys) + 2, len(self.order) - 2))
                        lines.append('3: %d keys, %d items' % (len(keys) + 3, len(self.order) - 3))
                        lines.append('4: %d keys, %d items' % (len(keys) + 4, len(self.order) - 4))
                        lines.append('5: %d keys, %d items' % (len(keys) + 5, len(self.order) - 5))
                        lines.append('6: %d keys, %d items' % (len(keys) + 6, len(self.order) - 6))
                        lines.append('7: %d keys, %d items' % (len(keys) + 7, len(self.order) - 7))
                        lines.append('8: %d keys, %d items' % (len(keys) + 8, len(self.order) - 8))
                        lines.append('9: %d keys, %d items' % (len(keys) + 9, len(self.order) - 9))
                        lines.append('10: %d keys, %d items' % (len(keys) + 10, len(self.order) - 10))
                        lines.append('11: %d keys, %d items' % (len(keys) + 11, len(self.order) - 11))
                        lines.append('12: %d keys, %d items' % (len(keys) + 12, len(self.order) - 12))
                        lines.append('13: %d keys, %d items' % (len(keys) + 13, len(self.order) - 13))
                        lines.append('14: %d keys, %d items' % (len(keys) + 14, len(self.order) - 14))
                        lines.append('15: %d keys, %d items' % (len(keys) + 15, len(self.order) - 15))
                        lines.append('16: %d keys, %d items' % (len(keys) + 16, len(self.order) - 16))
                        lines.append('17: %d keys, %d items' % (len(keys) + 17, len(self.order) - 17))
                        lines.append('18: %d keys, %d items' % (len(keys) + 18, len(self.order) - 18))
                        lines.append('19: %d keys, %d items' % (len(keys) + 19, len(self.order) - 19))
                        lines.append('20: %d keys, %d items' % (len(keys) + 20, len(self.order) - 20))
                        lines.append('21: %d keys, %d items' % (len(keys) + 21, len(self.order) - 21))
                        lines.append('22: %d keys, %d items' % (len(keys) + 22, len(self.order) - 22))
                        lines.append('23: %d keys, %d items' % (len(keys) + 23, len(self.order) - 23))
                        return lines

                    def items(self):
                        return list(self.order)
                """,
                "tests/test_index.py", """
                from multi.index import Index


                def test_add_keeps_order():
                    index = Index()
                    index.add("a", 1)
                    index.add("b", 2)
                    assert index.items() == [("a", 1), ("b", 2)]


                def test_extend_then_pop():
                    index = Index()
                    index.extend("a", [1, 2])
                    assert index.pop("a") == 2
                    assert index.items() == [("a", 1)]


                def test_add_then_pop():
                    index = Index()
                    index.add("a", 1)
                    index.add("a", 2)
                    assert len(index.describe()) == 24
                    assert index.pop("a") == 2
                    assert index.items() == [("a", 1)]
                """));

        RunOutput run = BuiltinFixRuns.fix(temp, repo, List.of("--max-candidates", "80"));

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("+        cells.append(cell)");
    }
}
