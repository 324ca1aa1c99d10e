package dev.repofix;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import dev.repofix.config.archfixture.ConfigUsingCli;
import dev.repofix.repair.localize.archfixture.LocalizeUsingTemplates;
import dev.repofix.repair.templates.LineEdit;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The package table of ARCHITECTURE.md, bottom-up: a package may use only those
 * listed before it.
 */
class LayeringTest {
    static final List<String> LAYERS = List.of(
            "config", "workspace", "exec", "build", "testrun", "context", "patch", "model", "stage",
            "validate", "repair", "pipeline", "report", "history", "eval", "cli");

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

    /**
     * The parts of the builtin engine ({@code repair}), each with the parts it may use:
     * {@code source} (files, lexing, syntax trees) at the bottom; {@code localize} and
     * {@code templates} beside each other above it, the language templates on the shared
     * template model; {@code propose} (which templates for a file, the order candidates come
     * in) over the templates; the engine itself ({@code BuiltinStages}) on top.
     */
    static final Map<String, List<String>> REPAIR_USERS = Map.of(
            "source", List.of("localize", "templates", "templates.java", "templates.python", "propose", "engine"),
            "localize", List.of("engine"),
            "templates", List.of("templates.java", "templates.python", "propose", "engine"),
            "templates.java", List.of("propose", "engine"),
            "templates.python", List.of("propose", "engine"),
            "propose", List.of("engine"));

    static Architectures.LayeredArchitecture repairRule() {
        Architectures.LayeredArchitecture arch = Architectures.layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("engine").definedBy("dev.repofix.repair")
                .layer("templates").definedBy("dev.repofix.repair.templates");
        for (String part : List.of("source", "localize", "templates.java", "templates.python", "propose")) {
            arch = arch.layer(part).definedBy("dev.repofix.repair." + part + "..");
        }
        for (Map.Entry<String, List<String>> e : REPAIR_USERS.entrySet()) {
            arch = arch.whereLayer(e.getKey()).mayOnlyBeAccessedByLayers(e.getValue().toArray(String[]::new));
        }
        return arch.whereLayer("engine").mayNotBeAccessedByAnyLayer();
    }

    @Test
    void repairPartsUseOnlyThePartsBelowThem() {
        JavaClasses main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.repofix.repair");
        repairRule().check(main);
        SlicesRuleDefinition.slices().matching("dev.repofix.repair.(**)").should().beFreeOfCycles().check(main);
    }

    @Test
    void repairRuleCatchesAPartUsingOneBesideIt() {
        JavaClasses offending = new ClassFileImporter().importClasses(LocalizeUsingTemplates.class, LineEdit.class);
        EvaluationResult result = repairRule().evaluate(offending);
        assertThat(result.hasViolation()).isTrue();
        assertThat(Arrays.toString(result.getFailureReport().getDetails().toArray()))
                .contains("LocalizeUsingTemplates").contains("LineEdit");
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
                dev.repofix.cli.Environment.class);
        EvaluationResult result = rule().evaluate(offending);
        assertThat(result.hasViolation()).isTrue();
        assertThat(Arrays.toString(result.getFailureReport().getDetails().toArray()))
                .contains("ConfigUsingCli").contains("Environment");
    }
}
