package dev.repofix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.Ecosystem;
import dev.repofix.build.Ecosystems;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.exec.SandboxImage;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.workspace.Language;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The packages that used to keep their own lists of languages, extensions and image
 * families now ask {@link Language}, and give what their lists gave (the lists are quoted
 * here as they were).
 */
class LanguageRegistryTest {
    @Test
    void everyLanguageOfAnEcosystemHasExactlyOneSandboxImageOfItsFamily() {
        for (Language l : Language.withEcosystem()) {
            SandboxImage image = SandboxImage.of(l).orElseThrow();
            assertThat(image.family()).isEqualTo(l.imageFamily().orElseThrow());
            assertThat(image.language()).isEqualTo(l);
        }
        assertThat(Arrays.stream(SandboxImage.values()).map(SandboxImage::language))
                .containsExactlyInAnyOrderElementsOf(Language.withEcosystem());
        assertThat(SandboxImage.families()).isEqualTo("jvm, python, node, rust, go");
    }

    @Test
    void everyEcosystemRowIsOfALanguageWithAnEcosystemAndEachSuchLanguageHasARow() {
        Set<String> rowLanguages = Ecosystems.standard().rows().stream().map(Ecosystem::language)
                .collect(Collectors.toSet());
        assertThat(rowLanguages).containsExactlyInAnyOrderElementsOf(
                Language.withEcosystem().stream().map(Language::key).toList());
    }

    @Test
    void aCaseMayNameTheLanguagesItDidBefore() {
        assertThat(EvalCase.LANGUAGES).containsExactly("java", "python", "go", "javascript", "rust", "generic");
    }

    @Test
    void theFixTemplatesReadTheExtensionsTheyReadBeforeAndCxx() {
        Set<String> cLike = Set.of("java", "kt", "kts", "scala", "groovy", "js", "jsx", "mjs", "cjs", "ts", "tsx",
                "go", "rs", "c", "h", "cc", "cpp", "hpp", "cs", "swift", "cxx");
        for (Language l : Language.values()) {
            for (String e : l.extensions()) {
                Optional<SourceLanguage> expected = cLike.contains(e) ? Optional.of(SourceLanguage.C_LIKE)
                        : e.equals("py") ? Optional.of(SourceLanguage.PYTHON) : Optional.empty();
                assertThat(SourceLanguage.forPath("a." + e)).as(e).isEqualTo(expected);
            }
        }
        assertThat(SourceLanguage.forPath("stubs/a.pyi")).as("a stub has no bodies to edit").isEmpty();
    }

    @Test
    void everyExtensionOfTheFormerListsHasALanguage() {
        List<String> formerCodeExtensions = List.of("java", "kt", "kts", "scala", "groovy", "py", "pyi", "js", "jsx",
                "mjs", "cjs", "ts", "tsx", "go", "rs", "c", "h", "cc", "cpp", "cxx", "hpp", "cs", "rb", "php", "swift",
                "m", "sh");
        assertThat(Arrays.stream(Language.values()).flatMap(l -> l.extensions().stream()))
                .containsExactlyInAnyOrderElementsOf(formerCodeExtensions);
    }
}
