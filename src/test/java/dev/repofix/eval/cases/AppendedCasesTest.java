package dev.repofix.eval.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppendedCasesTest {
    @TempDir
    Path temp;

    private EvalCase kase(String id) {
        Path file = CaseFixtures.write(temp.resolve(id + ".jsonl"), List.of(CaseFixtures.pytest(id)));
        return new CaseFile().read(file).get(0);
    }

    @Test
    void eachCaseIsOnDiskAsSoonAsItIsAddedBeforeTheFileIsClosed() throws Exception {
        Path file = temp.resolve("out/cases.jsonl");
        try (AppendedCases cases = AppendedCases.open(file)) {
            cases.add(kase("a"));

            assertThat(new CaseFile().read(file)).extracting(EvalCase::id).containsExactly("a");

            cases.add(kase("b"));
            assertThat(new CaseFile().read(file)).extracting(EvalCase::id).containsExactly("a", "b");
        }
    }

    @Test
    void reopenedItKnowsItsCasesDropsALineCutByAKillAndAddsAfterThem() throws Exception {
        Path file = temp.resolve("cases.jsonl");
        try (AppendedCases cases = AppendedCases.open(file)) {
            cases.add(kase("a"));
        }
        Files.writeString(file, Files.readString(file) + "{\"id\":\"b\",\"repo\"");

        try (AppendedCases cases = AppendedCases.open(file)) {
            assertThat(cases.ids()).containsExactly("a");
            assertThat(cases.has("b")).isFalse();
            cases.add(kase("b"));
            assertThatThrownBy(() -> cases.add(kase("a"))).hasMessageContaining("case a is already in");
        }
        assertThat(new CaseFile().read(file)).extracting(EvalCase::id).containsExactly("a", "b");
    }
}
