package dev.repofix;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures;
import dev.repofix.config.archfixture.ConfigUsingCli;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The package table of ARCHITECTURE.md, bottom-up: a package may use only those
 * listed before it.
 */
class LayeringTest {
    static final List<String> LAYERS = List.of(
            "config", "workspace", "exec", "build", "testrun", "context", "patch", "model", "stage",
            "validate", "repair", "pipeline", "report", "history", "eval", "app", "cli");

    static Architectures.LayeredArchitecture rule() {
        Architectures.LayeredArchitecture arch = Architectures.layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true);
        for (String layer : LAYERS) {
            arch = arch.layer(layer).definedBy("dev.repofix." + layer + "..");
        }
        for (int i = 0; i < LAYERS.size() - 1; i++) {
            String[] above = LAYERS.subList(i + 1, LAYERS.size()).toArray(String[]::new);
            arch = arch.whereLayer(LAYERS.get(i)).mayOnlyBeAccessedByLayers(above);
        }
        return arch.whereLayer("cli").mayNotBeAccessedByAnyLayer();
    }

    @Test
    void packagesUseOnlyPackagesBelowThem() {
        JavaClasses main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.repofix");
        rule().check(main);
    }

    @Test
    void ruleCatchesALowerPackageUsingAHigherOne() {
        JavaClasses offending = new ClassFileImporter().importClasses(ConfigUsingCli.class,
                dev.repofix.app.Environment.class);
        EvaluationResult result = rule().evaluate(offending);
        assertThat(result.hasViolation()).isTrue();
        assertThat(Arrays.toString(result.getFailureReport().getDetails().toArray()))
                .contains("ConfigUsingCli").contains("Environment");
    }
}
