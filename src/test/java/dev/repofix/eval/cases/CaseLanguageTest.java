package dev.repofix.eval.cases;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A case's language, when it names none, from the extensions of the files its patch touches. */
class CaseLanguageTest {
    @Test
    void eachExtensionGivesTheLanguageItGaveBefore() {
        assertThat(List.of("java", "kt", "groovy", "scala")).allSatisfy(e -> assertLanguage("A." + e, "java"));
        assertThat(List.of("py", "pyi")).allSatisfy(e -> assertLanguage("a." + e, "python"));
        assertThat(List.of("js", "jsx", "ts", "tsx", "mjs", "cjs"))
                .allSatisfy(e -> assertLanguage("a." + e, "javascript"));
        assertLanguage("main.go", "go");
        assertLanguage("src/lib.RS", "rust");
    }

    @Test
    void languagesNoEcosystemRunsAndUnknownFilesAreGeneric() {
        assertLanguage("a.c", "generic");
        assertLanguage("script.sh", "generic");
        assertLanguage("README", "generic");
    }

    @Test
    void theMostUsedLanguageWinsAndTheFirstSeenOnATie() {
        assertThat(CaseLanguage.derive(List.of("a.py", "B.java", "c.py"))).isEqualTo("python");
        assertThat(CaseLanguage.derive(List.of("B.java", "a.py"))).isEqualTo("java");
    }

    private static void assertLanguage(String path, String language) {
        assertThat(CaseLanguage.derive(List.of(path))).as(path).isEqualTo(language);
    }
}
