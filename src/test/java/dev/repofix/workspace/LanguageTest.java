package dev.repofix.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The language registry names each language and each extension once, and maps every extension back. */
class LanguageTest {
    @Test
    void everyExtensionMapsBackToItsLanguageWhateverItsCase() {
        for (Language l : Language.values()) {
            for (String extension : l.extensions()) {
                assertThat(Language.ofPath("src/a/File." + extension)).as(extension).contains(l);
                assertThat(Language.ofPath("File." + extension.toUpperCase(java.util.Locale.ROOT))).contains(l);
            }
        }
    }

    @Test
    void noExtensionOrKeyIsNamedTwice() {
        List<String> extensions = Arrays.stream(Language.values()).flatMap(l -> l.extensions().stream()).toList();
        assertThat(extensions).doesNotHaveDuplicates().allSatisfy(e -> assertThat(e).isLowerCase().doesNotContain("."));
        assertThat(Arrays.stream(Language.values()).map(Language::key)).doesNotHaveDuplicates();
        for (Language l : Language.values()) {
            assertThat(Language.ofKey(l.key())).contains(l);
        }
    }

    @Test
    void theLanguagesOfAnEcosystemAreThoseWithAnImageFamily() {
        assertThat(Language.withEcosystem()).containsExactly(Language.JAVA, Language.PYTHON, Language.GO,
                Language.JAVASCRIPT, Language.RUST).allSatisfy(l -> assertThat(l.imageFamily()).isPresent());
        assertThat(Language.C.imageFamily()).isEmpty();
    }

    @Test
    void filesWithoutAKnownExtensionHaveNoLanguage() {
        assertThat(Language.ofPath("Makefile")).isEmpty();
        assertThat(Language.ofPath("notes.txt")).isEmpty();
        assertThat(Language.ofPath("dir.java/README")).isEmpty();
        assertThat(Language.ofPath("dir\\a.py")).isEqualTo(Optional.of(Language.PYTHON));
    }

    @Test
    void onlyPythonStubsAreDeclarationsOnly() {
        assertThat(Language.PYTHON.isStub("pkg/mod.pyi")).isTrue();
        assertThat(Language.PYTHON.isStub("pkg/mod.py")).isFalse();
        assertThat(Language.C.isStub("a.h")).isFalse();
    }
}
