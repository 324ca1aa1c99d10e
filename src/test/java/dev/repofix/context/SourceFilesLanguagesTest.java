package dev.repofix.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.Language;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The files context indexes as code are those of a known language, by extension. */
class SourceFilesLanguagesTest {
    @Test
    void everyExtensionOfALanguageIsCode() {
        for (Language l : Language.values()) {
            assertThat(l.extensions()).allSatisfy(e -> assertThat(SourceFiles.isCode("dir/File." + e)).as(e).isTrue());
        }
    }

    @Test
    void otherFilesAreNot() {
        assertThat(List.of("README", "notes.txt", "pom.xml", "dir.java/README", "data.json"))
                .noneMatch(SourceFiles::isCode);
    }
}
